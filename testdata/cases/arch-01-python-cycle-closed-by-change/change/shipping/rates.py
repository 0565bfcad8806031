from dataclasses import dataclass

from shipping.parcels import Parcel


@dataclass
class Rate:
    amount: float


def base_rate(parcel: Parcel) -> float:
    return 2.0 + 0.5 * parcel.weight_kg
