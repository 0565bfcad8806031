class Invoice:
    pass


class Order:
    pass
