#[test]
fn counts() {
    assert_eq!(tally::count("a b"), 2);
}
