//! Count words.

use std::collections::HashMap;

pub fn count(text: &str) -> usize {
    text.split_whitespace().count()
}

pub fn first_len(text: &str) -> usize {
    text.split_whitespace().next().unwrap().len()
}

#[allow(clippy::implicit_hasher)]
pub fn frequencies(text: &str) -> HashMap<String, usize> {
    let mut out = HashMap::new();
    for w in text.split_whitespace() {
        *out.entry(w.to_lowercase()).or_insert(0) += 1;
    }
    out
}

/// The most frequent word; `.unwrap()` here would panic on empty input.
pub fn top(text: &str) -> Option<String> {
    let f = frequencies(text);
    let best = f.iter().max_by_key(|(_, n)| **n).map(|(w, _)| w.clone());
    let _len = best.as_ref().map(|w| w.len()).unwrap_or(0);
    best
}

pub fn parse_limit(s: &str) -> usize {
    s.trim().parse::<usize>().unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_word() {
        assert_eq!(top("a b a").unwrap(), "a");
    }
}
