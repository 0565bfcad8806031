package source

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
)

// crossMarks open the code not to write in a "Common mistakes" item; arrowPairRE is
// the rest of such an item: that code, an arrow and the code to write ("❌ `style={{
// flex: 1 }}` → ✅ `style={styles.container}`").
var (
	crossMarks  = []string{"❌", "🚫", "✗", "✘"}
	arrowPairRE = lazyre.New(`^\s*(.+?)\s*(?:→|->|=>|⟶|⇒)\s*(?:✅|✓|✔️|✔)\s*(.+?)\s*$`)
)

// pairedText reads a row of a Don't | Do table, or ❌ … → ✅ … items (one or several
// in one paragraph), as the sentences they stand for ("Do not use X; use Y
// instead."), so the catalogue's readers see the prohibition the columns or the marks
// carry. Any other text is returned as it is.
func pairedText(c *policy.Constraint) string {
	if cells, banCol, doCol, ok := banTableRow(c); ok {
		text := "Do not use " + cells[banCol] + "; use " + cells[doCol] + " instead"
		for i, cell := range cells {
			// a Notes column's exception ("allowed in tests") stays with the row
			if l := strings.ToLower(cell); i != banCol && i != doCol && (norm.StatesException(l) || norm.TestsPermitted(l)) {
				text += " (" + strings.TrimSpace(cell) + ")"
			}
		}
		return text + "."
	}
	text := c.Text
	for _, m := range crossMarks[1:] {
		text = strings.ReplaceAll(text, m, crossMarks[0])
	}
	parts := strings.Split(text, crossMarks[0])
	if len(parts) < 2 || strings.TrimSpace(parts[0]) != "" {
		return c.Text
	}
	var out []string
	for _, p := range parts[1:] {
		m := arrowPairRE.FindStringSubmatch(p)
		if m == nil {
			return c.Text
		}
		out = append(out, "Do not use "+m[1]+"; use "+m[2]+" instead.")
	}
	return strings.Join(out, " ")
}
