import { formatMoney } from "../../lib/money";
import type { Trip } from "./useTrips";

interface Props {
  trip: Trip;
}

// Breaks the named-exports rule.
export default function TripCard({ trip }: Props) {
  return (
    <article>
      {trip.from} → {trip.to}: {formatMoney(trip.priceCents)}
    </article>
  );
}

export { TripCard };
