export { TripCard } from "./TripCard";
export { useTrips } from "./useTrips";
