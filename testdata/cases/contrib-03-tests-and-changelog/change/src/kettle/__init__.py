def boil(litres, seconds_per_litre=90):
    return litres * seconds_per_litre
