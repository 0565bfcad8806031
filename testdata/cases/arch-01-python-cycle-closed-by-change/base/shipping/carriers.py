from shipping import labels


def carrier_for(code):
    return labels.LABELS.get(code, "unknown")
