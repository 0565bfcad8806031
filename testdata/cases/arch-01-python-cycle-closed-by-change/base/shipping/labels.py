from shipping import carriers

LABELS = {"ups": "UPS", "dhl": "DHL"}


def label(code):
    return carriers.carrier_for(code)
