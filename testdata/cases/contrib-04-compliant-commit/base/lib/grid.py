def cells(n):
    return [[0] * n for _ in range(n)]
