package instr

import (
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
)

// The parser is built once: goldmark parsers are safe for concurrent use.
var md = goldmark.New(
	goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList),
	goldmark.WithParserOptions(parser.WithAttribute()),
)

// importRef is an @path reference found in prose, or (Link) a local document a
// sentence tells the reader to read: "see [the guide](docs/dev.md)", "always read
// `agent_docs/index.md`".
type importRef struct {
	Target string
	Line   int
	Link   bool
	// Span: the target is a code span naming a document, not a link's destination:
	// it may be written from the repository's root as well as from the file's folder
	Span bool
}

// extractor walks one file's syntax tree and collects its constraints.
type extractor struct {
	file    string
	format  string
	scope   policy.Scope
	src     []byte
	li      lineIndex
	imports bool // follow @path imports (collect them)

	heads []heading
	out   []policy.Constraint
	// last is the index in out of the constraint a following code block belongs to
	// (-1 after a heading).
	last int
	// lead is the index of an earlier sentence of the same paragraph that refers to
	// what follows ("run each of the following commands"), which the code block
	// belongs to as well as to the last one; -1 when none does.
	lead int
	refs []importRef
	// links are the link destinations of the block being read, kept as references
	// when its sentence tells the reader to read them (emit).
	links []importRef
	warns []Warning
	depth int // nesting of MyST admonitions parsed from fenced blocks
}

type heading struct {
	level int
	text  string
}

func (x *extractor) headerPath() []string {
	if len(x.heads) == 0 {
		return nil
	}
	hp := make([]string, len(x.heads))
	for i, h := range x.heads {
		hp[i] = h.text
	}
	return hp
}

func (x *extractor) pushHeading(level int, text string) {
	for len(x.heads) > 0 && x.heads[len(x.heads)-1].level >= level {
		x.heads = x.heads[:len(x.heads)-1]
	}
	x.heads = append(x.heads, heading{level, text})
	x.last, x.lead = -1, -1
	x.links = nil // a heading's own links are no sentence's
}

func extractMarkdown(x *extractor, body []byte) {
	doc := md.Parser().Parse(text.NewReader(body))
	x.src = body
	x.li = newLineIndex(body)
	x.last, x.lead = -1, -1
	x.blocks(doc, "", policy.Info)
}

// blocks walks the block children of n. ctx is the framing text handed to
// constraints (a parent item's text), ctxLevel that parent's level.
func (x *extractor) blocks(n ast.Node, ctx string, ctxLevel policy.Level) {
	var prev *policy.Constraint // the paragraph just before, which may introduce a list
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch b := c.(type) {
		case *ast.List:
			lctx, llev := ctx, ctxLevel
			if prev != nil && introduces(prev.Text) && ctx == "" {
				lctx, llev = prev.Text, prev.Level
			}
			x.list(b, lctx, llev)
			prev = nil
			continue
		case *ast.Paragraph, *ast.TextBlock:
			var tb textBuf
			x.inline(c, &tb)
			prev = x.emit(&tb, ctx, ctxLevel, x.line(c))
			continue
		case *east.Table:
			// "Prefer the seams for new code:" over an "Instead of | Use" table:
			// the lead-in frames the rows as it frames a list's items
			if prev != nil && introduces(prev.Text) && ctx == "" {
				x.table(b, prev.Text)
				prev = nil
				continue
			}
		}
		prev = nil
		x.block(c, ctx, ctxLevel)
	}
}

func (x *extractor) block(c ast.Node, ctx string, ctxLevel policy.Level) {
	switch b := c.(type) {
	case *ast.Heading:
		var tb textBuf
		x.inline(b, &tb)
		x.pushHeading(b.Level, normSpace(tb.b.String()))
	case *ast.Paragraph, *ast.TextBlock:
		var tb textBuf
		x.inline(b, &tb)
		x.emit(&tb, ctx, ctxLevel, x.line(b))
	case *ast.List:
		x.list(b, ctx, ctxLevel)
	case *ast.Blockquote:
		x.blockquote(b, ctx, ctxLevel)
	case *ast.FencedCodeBlock:
		lang := ""
		if b.Info != nil {
			lang = strings.Fields(string(b.Language(x.src)) + " ")[0]
		}
		// The fence's own line starts the block; its text starts on the next.
		open := x.li.line(b.Pos())
		body := x.rawLines(b)
		if kind, ok := mystAdmonition(lang); ok && body != "" && x.depth < 8 {
			// MyST (Sphinx Markdown) "```{note}": an admonition written in Markdown.
			x.nested(body, open+1, kind, ctxLevel)
			return
		}
		if strings.HasPrefix(lang, "{") {
			// "```{code-block} python": the language is the directive's argument.
			if f := strings.Fields(string(b.Language(x.src)) + " " + infoRest(b, x.src)); len(f) > 1 {
				lang = f[1]
			} else {
				lang = strings.Trim(lang, "{}")
			}
		}
		first := open + 1
		if body == "" {
			first = open
		}
		x.code(lang, body, first, open, open+strings.Count(body, "\n")+1)
	case *ast.CodeBlock:
		body := x.rawLines(b)
		x.code("", body, x.line(b), x.line(b), x.line(b)+max(strings.Count(body, "\n")-1, 0))
	case *ast.HTMLBlock:
		x.html(b, ctx, ctxLevel)
	case *east.Table:
		x.table(b, ctx)
	case *ast.ThematicBreak:
	default:
		x.blocks(c, ctx, ctxLevel)
	}
}

func (x *extractor) list(l *ast.List, ctx string, ctxLevel policy.Level) {
	for it := l.FirstChild(); it != nil; it = it.NextSibling() {
		x.item(it, ctx, ctxLevel)
	}
}

// item emits a list item: its first paragraph is its text; its nested lists are
// constraints of their own with the item's text as context; further paragraphs are
// constraints framed by the item's text.
func (x *extractor) item(it ast.Node, ctx string, ctxLevel policy.Level) {
	own := ""
	ownLevel := ctxLevel
	for c := it.FirstChild(); c != nil; c = c.NextSibling() {
		switch b := c.(type) {
		case *ast.Paragraph, *ast.TextBlock:
			var tb textBuf
			tb.item = own == ""
			x.inline(b, &tb)
			if own == "" {
				if first := x.emit(&tb, ctx, ctxLevel, x.line(b)); first != nil {
					own = normSpace(tb.b.String())
					ownLevel = first.Level
					for i := len(x.out) - 1; i >= 0 && x.out[i].Line >= first.Line; i-- {
						ownLevel = maxLevel(ownLevel, x.out[i].Level)
					}
				}
			} else {
				x.emit(&tb, own, ownLevel, x.line(b))
			}
		case *ast.List:
			if own != "" {
				x.list(b, own, ownLevel)
			} else {
				x.list(b, ctx, ctxLevel)
			}
		default:
			if own != "" {
				x.block(c, own, ownLevel)
			} else {
				x.block(c, ctx, ctxLevel)
			}
		}
	}
}

var alertRE = lazyre.New(`^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\s*`)

// blockquote emits the paragraphs of a quote; a GitHub alert marker ("> [!IMPORTANT]")
// becomes the context and, for IMPORTANT/WARNING/CAUTION, raises an unmarked
// sentence to must.
func (x *extractor) blockquote(q *ast.Blockquote, ctx string, ctxLevel policy.Level) {
	before := len(x.out)
	x.blocks(q, ctx, ctxLevel)
	if before >= len(x.out) {
		return
	}
	first := &x.out[before]
	if quotedUtterance(first.Text, x.out[len(x.out)-1].Text) {
		// > "The SDK isn't installed. Please run `winget install ...` and confirm.":
		// words quoted whole, what to say to someone, not an order to the reader
		for i := before; i < len(x.out); i++ {
			x.out[i].Level = policy.Info
		}
		return
	}
	m := alertRE.FindStringSubmatch(first.Text)
	if m == nil {
		return
	}
	kind := m[1]
	first.Text = strings.TrimSpace(first.Text[len(m[0]):])
	for i := before; i < len(x.out); i++ {
		c := &x.out[i]
		if c.Context == "" {
			c.Context = kind
		}
	}
	if first.Text == "" {
		// "> [!NOTE]" alone on its line; the text follows in the next paragraph.
		x.out = append(x.out[:before], x.out[before+1:]...)
		if x.last >= before {
			x.last--
		}
	}
}

func (x *extractor) table(t *east.Table, ctx string) {
	var header []string
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		var cells []string
		var tb textBuf
		line := 0
		for cell := r.FirstChild(); cell != nil; cell = cell.NextSibling() {
			var cb textBuf
			x.inline(cell, &cb)
			cells = append(cells, normSpace(cb.b.String()))
			if len(tb.b.String()) > 0 {
				tb.write(" | ", 0)
			}
			x.inline(cell, &tb)
			if line == 0 && len(cb.marks) > 0 {
				line = cb.marks[0].line
			}
		}
		if line == 0 {
			line = x.li.line(r.Pos())
		}
		if _, ok := r.(*east.TableHeader); ok {
			header = cells
			continue
		}
		if strings.Trim(strings.Join(cells, ""), " -") == "" {
			continue
		}
		hctx := strings.Join(header, " | ")
		if ctx != "" {
			hctx = ctx + " — " + hctx
		}
		txt := normSpace(tb.b.String())
		level := constraintLevel(txt, strings.Join(header, " | "), policy.Info)
		x.add(policy.Constraint{Text: txt, Line: line, EndLine: line, Context: hctx, Level: level})
	}
}

var (
	htmlCommentRE = lazyre.New(`(?s)<!--.*?(-->|$)`)
	htmlTagRE     = lazyre.New(`(?s)</?[A-Za-z][^>]*>`)
)

// html drops comments and tags and keeps any text an HTML block holds (a rule inside
// <details> is still a rule).
func (x *extractor) html(b *ast.HTMLBlock, ctx string, ctxLevel policy.Level) {
	raw := x.rawLines(b)
	if b.HasClosure() {
		raw += string(b.ClosureLine.Value(x.src))
	}
	rest := htmlTagRE.ReplaceAllString(htmlCommentRE.ReplaceAllString(raw, ""), " ")
	if normSpace(rest) == "" {
		return
	}
	var tb textBuf
	start := x.line(b)
	for i, l := range strings.Split(rest, "\n") {
		if strings.TrimSpace(l) != "" {
			tb.space()
			tb.write(strings.TrimSpace(unescapeEntities(l)), start+i)
		}
	}
	x.emit(&tb, ctx, ctxLevel, start)
}

func unescapeEntities(s string) string {
	return strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", "&quot;", `"`, "&#39;", "'", "&nbsp;", " ").Replace(s)
}

func (x *extractor) rawLines(n ast.Node) string {
	var b strings.Builder
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		s := lines.At(i)
		b.Write(s.Value(x.src))
	}
	return b.String()
}

// line is the first source line of a block.
func (x *extractor) line(n ast.Node) int {
	if l := n.Lines(); l != nil && l.Len() > 0 {
		return x.li.line(l.At(0).Start)
	}
	if p := n.Pos(); p >= 0 {
		return x.li.line(p)
	}
	return 0
}

// code attaches a code block to the constraint before it in the same section; a code
// block with nothing before it stands as a constraint named after its heading.
func (x *extractor) code(lang, body string, line, start, end int) {
	if line < start || body == "" {
		// An empty block (".. code-block::" with no body, "```" then EOF) sits on
		// its opening line.
		line = start
	}
	cb := policy.CodeBlock{Lang: lang, Text: body, Line: line}
	defer x.commentRules(lang, body, line)
	defer x.namingComments(body, line)
	if x.last >= 0 && x.last < len(x.out) {
		if x.lead >= 0 && x.lead < x.last {
			// "Before submitting a pull request, run each of the following
			// commands. Include their output in your reply:" over the block
			x.out[x.lead].Code = append(x.out[x.lead].Code, cb)
		}
		x.out[x.last].Code = append(x.out[x.last].Code, cb)
		if c := &x.out[x.last]; c.Level == policy.Info && len(c.Code) == 1 && (lang == "" || shellBlock(lang)) && momentLeadIn(c.Text) {
			// "Scan your code before pushing with:" over a block of commands: the
			// block is what to run at that moment
			c.Level = policy.Should
		}
		return
	}
	title := "(code block)"
	if len(x.heads) > 0 && x.heads[len(x.heads)-1].text != "" {
		title = x.heads[len(x.heads)-1].text
	}
	end = min(max(end, start), len(x.li))
	lv := policy.Info
	if (lang == "" || shellBlock(lang)) && len(x.heads) > 0 && title == x.heads[len(x.heads)-1].text && norm.SectionOrder(title) != "" {
		// "### Before you commit" over a bare block of commands: the heading says
		// when they run
		lv = maxLevel(policy.Should, levelOfMarkers(title))
	}
	x.add(policy.Constraint{Text: title, Line: start, EndLine: end, Level: lv, Code: []policy.CodeBlock{cb}})
}

// commentRules adds the rules a shell block states in its comments ("cargo build  #
// never build with --release"): each is a constraint of its own, with the command of
// its line as its code block, so the reader can complete "build" with that command.
// Options written bare in a comment are code there, so they become code spans.
func (x *extractor) commentRules(lang, body string, first int) {
	if !shellBlock(lang) {
		return
	}
	lines := strings.Split(body, "\n")
	for k, l := range lines {
		var cmd, comment string
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "#") {
			// a comment line of its own speaks of the command on the next line
			comment = strings.TrimSpace(strings.TrimLeft(t, "#"))
			if k+1 < len(lines) {
				cmd = strings.TrimSpace(lines[k+1])
			}
		} else if c, rest, ok := strings.Cut(l, " #"); ok {
			cmd, comment = strings.TrimSpace(c), strings.TrimSpace(strings.TrimLeft(rest, "#"))
		}
		if comment == "" {
			continue
		}
		text := optionSpans(comment)
		if m := parenRuleRE.FindStringSubmatch(text); m != nil && parenBanRE.MatchString(strings.ToLower(m[1])) && !ruleWordRE.MatchString(strings.ToLower(parenRuleRE.ReplaceAllString(text, ""))) {
			// "Drizzle Studio UI (never run in automation — it's a GUI)": what the
			// command is, then the rule in parentheses
			text = strings.TrimSpace(m[1])
		}
		if !ruleWordRE.MatchString(strings.ToLower(text)) && !norm.TimedRun(text) {
			continue // "Compile jars": what the command does, not a rule
		}
		lv := levelOf(text)
		if lv != policy.Must && lv != policy.Should || cmd == "" || strings.HasPrefix(cmd, "#") {
			continue
		}
		x.add(policy.Constraint{Text: text, Line: first + k, EndLine: first + k, Level: lv,
			Code: []policy.CodeBlock{{Lang: lang, Text: cmd + "\n", Line: first + k}}})
	}
}

// namingComments adds the naming conventions a block under a naming section states in
// its comments ("class MixerBus {}  // Classes: PascalCase", a "// Functions:
// camelCase" line above an example), one constraint each, as a list's items would
// state them.
func (x *extractor) namingComments(body string, first int) {
	if !strings.Contains(body, "ase") || !strings.Contains(body, ":") {
		return // (every style's name ends in "case": PascalCase, snake_case)
	}
	if !slices.ContainsFunc(x.headerPath(), func(h string) bool { return strings.Contains(strings.ToLower(h), "nam") }) {
		return
	}
	for k, l := range strings.Split(body, "\n") {
		comment := ""
		for _, mark := range []string{"//", "#", "--"} {
			if i := strings.Index(l, mark); i >= 0 && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t') {
				comment = l[i+len(mark):]
				break
			}
		}
		if text := norm.NamingComment(comment); text != "" {
			x.add(policy.Constraint{Text: text, Line: first + k, EndLine: first + k, Level: policy.Should})
		}
	}
}

// parenRuleRE: a parenthetical of a code comment, which may hold its rule.
var parenRuleRE = lazyre.New(`\(([^()]*)\)`)

// parenBanRE: a parenthetical that is an instruction of its own ("(never run in
// automation)"), not a note on what the command is for ("(must pass for CI)").
var parenBanRE = lazyre.New(`^\s*(never|always|don't|do not|avoid)\b`)

// ruleWordRE: a word that makes a code comment a rule rather than a description.
var ruleWordRE = lazyre.New(`\b(never|always|must|mustn't|don't|do not|avoid|should|shouldn't|required|only)\b`)

// shellBlock: a fenced block of shell commands.
func shellBlock(lang string) bool {
	switch strings.ToLower(lang) {
	case "sh", "bash", "shell", "zsh", "console", "shell-session":
		return true
	}
	return false
}

// optionSpans writes the bare options of a code comment as code spans.
func optionSpans(s string) string {
	f := strings.Fields(s)
	for i, w := range f {
		core := strings.TrimRight(w, ".,;:)")
		if len(core) > 1 && core[0] == '-' && core != "--" && !strings.Contains(core, "`") {
			f[i] = "`" + core + "`" + w[len(core):]
		}
	}
	return strings.Join(f, " ")
}

// emit splits a block's text into atomic constraints and adds them; it returns the
// first (nil when the text was empty or only imports).
func (x *extractor) emit(tb *textBuf, ctx string, ctxLevel policy.Level, fallback int) *policy.Constraint {
	full := normSpace(tb.b.String())
	if mystTargetRE.MatchString(full) {
		return nil // "(label)=": a MyST cross-reference target
	}
	if x.imports {
		x.scanImports(tb)
	}
	x.scanLinks(tb, full)
	if full == "" || x.importsOnly(full) {
		return nil
	}
	first := len(x.out)
	x.lead = -1
	for _, p := range tb.split() {
		lv := frameLevel(p.level, p.text, ctx, ctxLevel)
		if tb.task == taskDone || tb.task == taskOpen && trackerHeading(x.headerPath()) {
			// "- [x] No more `any` in src/api/" under "## Roadmap": the state of a
			// piece of work, done or planned, not a rule (an open box of a
			// checklist, "Before you push: - [ ] `make lint` passes", still binds)
			lv = policy.Info
		}
		if lv != policy.Info && consideredAlternatives(x.headerPath()) {
			// an ADR's "## Alternatives considered" > "### Alternative A: Use a UI
			// kit": options weighed and rejected, their pros and cons no rules
			lv = policy.Info
		}
		if lv == policy.Info && tb.task == taskOpen && checklistSection(x.headerPath(), ctx) && checklistState(p.text) {
			// "## Before submitting" + "- [ ] Linting passes (`npm run lint`)": an
			// open box of a checklist is a step the reader must have done
			lv = policy.Must
		}
		if lv == policy.Info && inConventionSection(x.headerPath()) && convention(p.text, x.headerPath()) {
			lv = policy.Must
		}
		if lv == policy.Info && (inConventionPath(x.headerPath()) && (conventionBan(p.text) || labelledConvention(p.text)) || namedCommitConvention(p.text)) {
			// "## Code Style" + "- Vitest (not Jest)", "- ES modules, no
			// `require()`": a convention that names what it leaves out
			lv = policy.Should
		}
		if lv == policy.Info && norm.BranchNamingSection(x.headerPath()) && norm.BranchSectionItem(p.text) != "" {
			// "### Branch Naming" and "- `fix/description` - Bug fixes": one form
			// of the convention the section states
			lv = policy.Should
		}
		// "- `bg-container` instead of `bg-white`" alone, its framing silent: the
		// project's preference, stated
		lv = statedLevel(lv, p.text)
		lv = chainLevel(lv, p.text, ctx, x.headerPath())
		if lv == policy.Info && ctx == "" && (commandItem(p.text) || bareCommandItem(p.text)) && orderHeading(x.headerPath()) {
			// "## Before Every Commit" and "1. `yarn format`": a step of the order
			lv = policy.Must
		}
		if lv == policy.Info && tb.item && ctx == "" && bare(p.text) {
			// "## Files to never commit" + "- `CLAUDE.md` - this file": an item
			// that is only a thing takes the modality its ban heading gives it
			lv = banHeadingLevel(x.headerPath())
		}
		line, end := p.line, p.end
		if line == 0 {
			line, end = fallback, fallback
		}
		x.add(policy.Constraint{Text: p.text, Line: line, EndLine: max(end, line), Context: ctx, Level: lv})
		if norm.RefersToFollowing(p.text) {
			x.lead = len(x.out) - 1
		}
	}
	if first >= len(x.out) {
		return nil
	}
	return &x.out[first]
}

func (x *extractor) add(c policy.Constraint) {
	c.File = x.file
	c.HeaderPath = x.headerPath()
	c.Scope = x.scope
	c.Format = x.format
	x.out = append(x.out, c)
	x.last = len(x.out) - 1
}

// inline renders the inline content of n into tb: plain text, code spans with their
// backticks, link and emphasis text without markup.
func (x *extractor) inline(n ast.Node, tb *textBuf) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch v := c.(type) {
		case *ast.Text:
			seg := v.Segment
			s := string(seg.Value(x.src))
			tb.write(s, x.li.line(seg.Start))
			if v.SoftLineBreak() || v.HardLineBreak() {
				tb.write(" ", 0)
			}
		case *ast.String:
			tb.write(string(v.Value), 0)
		case *ast.CodeSpan:
			var b strings.Builder
			line := 0
			for t := v.FirstChild(); t != nil; t = t.NextSibling() {
				switch tt := t.(type) {
				case *ast.Text:
					b.Write(tt.Segment.Value(x.src))
					if line == 0 {
						line = x.li.line(tt.Segment.Start)
					}
				case *ast.String:
					b.Write(tt.Value)
				}
			}
			tb.writeCode(b.String(), line)
		case *ast.AutoLink:
			tb.write(string(v.URL(x.src)), x.li.line(v.Pos()))
		case *ast.RawHTML:
			var b strings.Builder
			for i := 0; i < v.Segments.Len(); i++ {
				s := v.Segments.At(i)
				b.Write(s.Value(x.src))
			}
			if strings.HasPrefix(strings.ToLower(b.String()), "<br") {
				tb.write(" ", 0)
			}
		case *east.TaskCheckBox:
			tb.task = taskOpen
			if v.IsChecked {
				tb.task = taskDone
			}
		case *ast.Link:
			x.links = append(x.links, importRef{Target: string(v.Destination), Line: x.li.line(c.Pos()), Link: true})
			before := tb.b.Len()
			x.inline(c, tb)
			if tb.b.Len() == before && len(v.Destination) > 0 {
				// "[](./dev-setup.md)": MyST fills an empty link with its target.
				tb.write(string(v.Destination), x.li.line(c.Pos()))
			}
		default:
			x.inline(c, tb)
		}
	}
}

// importRE finds @path references: "@" at the start of a word, then a path.
var importRE = lazyre.New(`(?:^|[\s(\[])@((?:~/|\.{1,2}/|/)?[A-Za-z0-9_.\-][A-Za-z0-9_./\-]*)`)

// scanImports collects the @path references of a block's text, outside code spans.
func (x *extractor) scanImports(tb *textBuf) {
	s := tb.b.String()
	if strings.IndexByte(s, '@') < 0 {
		return
	}
	for _, m := range importRE.FindAllStringSubmatchIndex(s, -1) {
		if tb.inCode(m[2]) {
			continue
		}
		t := strings.TrimRight(s[m[2]:m[3]], ".,;:)")
		if t != "" {
			x.refs = append(x.refs, importRef{Target: t, Line: tb.lineAt(m[2])})
		}
	}
}

// importsOnly reports whether a text is nothing but @imports (then the imported text
// stands in its place and the line itself is no constraint).
func (x *extractor) importsOnly(s string) bool {
	if !x.imports || !strings.Contains(s, "@") {
		return false
	}
	rest := importRE.ReplaceAllString(" "+s, " ")
	return strings.Trim(rest, " -*,.;:") == ""
}

var mystTargetRE = lazyre.New(`^\([\w:.\-]+\)=$`)

// mystAdmonition reports whether a fence's info string opens a MyST admonition
// ("{note}", "{warning}", "{admonition} Title") and gives its kind.
func mystAdmonition(lang string) (string, bool) {
	name := strings.ToLower(strings.Trim(lang, "{}"))
	if !strings.HasPrefix(lang, "{") || !admonDirs.Get()[name] {
		return "", false
	}
	return strings.ToUpper(name), true
}

func infoRest(b *ast.FencedCodeBlock, src []byte) string {
	if b.Info == nil {
		return ""
	}
	info := string(b.Info.Segment.Value(src))
	_, rest, _ := strings.Cut(info, " ")
	return rest
}

// nested extracts Markdown that stands inside a block of the file (a MyST
// admonition's body starting on file line first) as if it were written in place,
// with kind as the context of what it gives.
func (x *extractor) nested(body string, first int, kind string, ctxLevel policy.Level) {
	src, li := x.src, x.li
	before, refs := len(x.out), len(x.refs)
	x.depth++
	x.last, x.lead = -1, -1 // a code block in the admonition belongs to its text, not to what came before
	doc := md.Parser().Parse(text.NewReader([]byte(body)))
	x.src, x.li = []byte(body), newLineIndex([]byte(body))
	x.blocks(doc, kind, ctxLevel)
	x.src, x.li = src, li
	x.depth--
	shift := first - 1
	for i := before; i < len(x.out); i++ {
		c := &x.out[i]
		c.Line += shift
		c.EndLine += shift
		for j := range c.Code {
			c.Code[j].Line += shift
		}
	}
	for i := refs; i < len(x.refs); i++ {
		x.refs[i].Line += shift
	}
}

// readWordRE finds a sentence that sends the reader to another document.
var readWordRE = lazyre.New(`(?i)\b(read|see|follow|consult|refer|described|documented|explained|guide|guides|guidelines|instructions|details)\b`)

// scanLinks keeps the local documents of a block's text its sentence sends the reader
// to: the destinations of its links, and code spans naming a document (a relative
// path with a document extension). Web addresses and anchors are not documents here.
func (x *extractor) scanLinks(tb *textBuf, full string) {
	links := x.links
	x.links = nil
	if !readWordRE.MatchString(full) || norm.DescribesRecord(full) {
		// ("server/MODELS_REVIEW.md — analysis only, nothing in it implemented":
		// a record of findings, whose "No `archivedAt`" is no ban)
		return
	}
	s := tb.b.String()
	for _, r := range tb.code {
		span := strings.Trim(s[r[0]:r[1]], "` ")
		if !strings.ContainsAny(span, " \t") && hasDocExt(span) {
			links = append(links, importRef{Target: span, Line: tb.lineAt(r[0]), Link: true, Span: true})
		}
	}
	for _, l := range links {
		t := l.Target
		if i := strings.IndexByte(t, '#'); i >= 0 {
			t = t[:i]
		}
		if t == "" || strings.Contains(t, "://") || strings.HasPrefix(t, "mailto:") || strings.HasPrefix(t, "/") || !hasDocExt(t) {
			continue
		}
		l.Target = t
		x.refs = append(x.refs, l)
	}
}

// quotedUtterance: a blockquote's text opens with a quotation mark and closes with
// one, so all of it is quoted words.
func quotedUtterance(first, last string) bool {
	first, last = strings.TrimSpace(first), strings.TrimRight(strings.TrimSpace(last), ".")
	opens := strings.HasPrefix(first, "\"") || strings.HasPrefix(first, "“")
	closes := strings.HasSuffix(last, "\"") || strings.HasSuffix(last, "”") || strings.HasSuffix(last, "\".") || strings.HasSuffix(last, ".”")
	return opens && closes && len(first) > 1
}
