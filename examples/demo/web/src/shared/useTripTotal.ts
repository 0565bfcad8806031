import { useTrips } from "../features/trips"; // breaks: shared must not import features

export function useTripTotal(): number {
  return useTrips().reduce((sum, t) => sum + t.priceCents, 0);
}
