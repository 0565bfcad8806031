#[test]
fn counts() {
    assert_eq!(tally::count("a b"), 2);
}

#[test]
fn tops() {
    assert_eq!(tally::top("x y x").unwrap(), "x");
}
