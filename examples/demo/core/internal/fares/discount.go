package fares

// Breaks the licence-header rule: a new .go file without its SPDX header.

// Discount applies a percentage discount to a fare.
func Discount(f Fare, percent int) Fare {
	return f - f*Fare(percent)/100
}
