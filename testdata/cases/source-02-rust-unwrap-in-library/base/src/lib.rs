//! Count words.

pub fn count(text: &str) -> usize {
    text.split_whitespace().count()
}

pub fn first_len(text: &str) -> usize {
    text.split_whitespace().next().unwrap().len()
}
