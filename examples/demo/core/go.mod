module tidewater.dev/core

go 1.22
