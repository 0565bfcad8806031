import { formatMoney } from "../../lib/money";
import { useTrips } from "../trips/useTrips"; // breaks: features are independent

export function Invoice({ tripId }: { tripId: string }) {
  const trip = useTrips().find((t) => t.id === tripId);
  return <p>Total: {trip ? formatMoney(trip.priceCents) : "–"}</p>;
}
