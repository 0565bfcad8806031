from gauge.reader import read_lines


def test_reads(tmp_path):
    p = tmp_path / "a.log"
    p.write_text("1\n2\n", encoding="utf-8")
    assert read_lines(str(p)) == ["1", "2"]
