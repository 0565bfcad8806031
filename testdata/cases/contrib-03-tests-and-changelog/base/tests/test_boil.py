from kettle import boil


def test_boil():
    assert boil(1) == 90
