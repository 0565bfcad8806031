package instr

import (
	"fmt"
	"os"
	"regexp"
	"testing"
)

func TestZZGrep(t *testing.T) {
	pat := os.Getenv("GREP")
	if pat == "" {
		t.Skip()
	}
	re := regexp.MustCompile(pat)
	for _, cf := range corpusFiles(t) {
		cs, _ := cf.extract(t)
		for _, c := range cs {
			if re.MatchString(c.Text) {
				fmt.Printf("%s:%d [%s] %s\n", cf.Name, c.Line, c.Level, c.Text)
			}
		}
	}
}
