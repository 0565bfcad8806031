# heed's build, test and fuzz entry points. CI runs .ci/run; `make fuzz` is the fuzzing
# campaign of docs/security.md ("Fuzzing").

FUZZTIME ?= 10m
FUZZMINIMIZETIME ?= 5s
FUZZ ?=

.PHONY: build test vet ci fuzz fuzz-list live-agents

build:
	go build -o bin/ ./cmd/...

test:
	go test ./...

vet:
	go vet ./...

ci:
	bash .ci/run

# heed's hooks with the real agent CLIs (docs/hooks.md, "Tested with the real agents");
# needs node and npm, not run by CI
live-agents:
	bash bench/agents/live.sh

# Every fuzz target in turn, FUZZTIME each, new-input minimisation capped at
# FUZZMINIMIZETIME: make fuzz FUZZTIME=10m; make fuzz FUZZ=trajectory FUZZTIME=2m
fuzz:
	FUZZTIME=$(FUZZTIME) FUZZMINIMIZETIME=$(FUZZMINIMIZETIME) FUZZ='$(FUZZ)' bash .ci/fuzz

fuzz-list:
	@FUZZ='$(FUZZ)' bash .ci/fuzz --list
