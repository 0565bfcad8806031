from dataclasses import dataclass


@dataclass
class Zone:
    name: str
    factor: float
