from dataclasses import dataclass

from shipping.rates import base_rate


@dataclass
class Zone:
    name: str
    factor: float

    def price(self, parcel) -> float:
        return base_rate(parcel) * self.factor
