def cells(n, fill=0):
    return [[fill] * n for _ in range(n)]
