import { useEffect, useState } from "react";

export interface Trip {
  id: string;
  from: string;
  to: string;
  priceCents: number;
}

export function useTrips(): Trip[] {
  const [trips, setTrips] = useState<Trip[]>([]);
  useEffect(() => {
    fetch("/api/trips").then((r) => r.json()).then(setTrips);
  }, []);
  return trips;
}
