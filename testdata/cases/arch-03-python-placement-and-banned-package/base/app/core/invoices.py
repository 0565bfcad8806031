from dataclasses import dataclass


@dataclass
class Invoice:
    number: str
    cents: int
