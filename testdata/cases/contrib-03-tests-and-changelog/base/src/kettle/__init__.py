def boil(litres):
    return litres * 90
