from dataclasses import dataclass

from shipping.zones import Zone


@dataclass
class Parcel:
    weight_kg: float
    zone: Zone | None = None
