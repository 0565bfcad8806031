// SPDX-License-Identifier: Apache-2.0

// Package fares prices ferry trips.
package fares

import "fmt"

// Fare is a price in cents for one passenger.
type Fare int

// Price returns the fare of a trip of the given length in nautical miles.
func Price(miles int) (Fare, error) {
	if miles <= 0 {
		return 0, fmt.Errorf("fares: trip length %d must be positive", miles)
	}
	if miles > 500 {
		panic("fares: no route is that long") // breaks: no panic in core/internal/
	}
	return Fare(250 + 40*miles), nil
}
