# heed's build, test and fuzz entry points. CI runs .ci/run; `make fuzz` is the fuzzing
# campaign of docs/security.md ("Fuzzing").

FUZZTIME ?= 10m
FUZZMINIMIZETIME ?= 5s
FUZZ ?=

.PHONY: build test vet ci fuzz fuzz-list

build:
	go build -o bin/ ./cmd/...

test:
	go test ./...

vet:
	go vet ./...

ci:
	bash .ci/run

# Every fuzz target in turn, FUZZTIME each, new-input minimisation capped at
# FUZZMINIMIZETIME: make fuzz FUZZTIME=10m; make fuzz FUZZ=trajectory FUZZTIME=2m
fuzz:
	FUZZTIME=$(FUZZTIME) FUZZMINIMIZETIME=$(FUZZMINIMIZETIME) FUZZ='$(FUZZ)' bash .ci/fuzz

fuzz-list:
	@FUZZ='$(FUZZ)' bash .ci/fuzz --list
