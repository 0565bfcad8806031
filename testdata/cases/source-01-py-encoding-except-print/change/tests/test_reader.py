from gauge.reader import read_calibration, read_lines


def test_reads(tmp_path):
    p = tmp_path / "a.log"
    p.write_text("1\n2\n", encoding="utf-8")
    assert read_lines(str(p)) == ["1", "2"]


def test_calibration(tmp_path):
    p = tmp_path / "c.txt"
    with open(p, "w") as f:
        f.write("a=1.5\n")
    print("calibration file at", p)
    assert read_calibration(str(p)) == {"a": 1.5}
