from dataclasses import dataclass
from typing import TYPE_CHECKING

from shipping.zones import Zone

if TYPE_CHECKING:
    from shipping.rates import Rate


@dataclass
class Parcel:
    weight_kg: float
    zone: Zone | None = None
    quoted: "Rate | None" = None
