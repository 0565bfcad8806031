package norm

import (
	"slices"
	"strings"
	"testing"
)

// The language of a sentence, told from its script and its common words: sentences
// of this session's own writing, in the phrasings instruction files use.
func TestLanguageOfASentence(t *testing.T) {
	for text, want := range map[string]string{
		"Never run `npm publish` by hand.":                         "",
		"**Tests** (Required):":                                    "", // English words a gloss also uses
		"Use `uv` to run `pytest`, not `python -m pytest`.":        "",
		"No hagas `git push --force`.":                             "es",
		"Usa siempre `pnpm` en lugar de `npm`.":                    "es",
		"Não use `git commit --no-verify`.":                        "pt",
		"É proibido rodar `docker compose down -v`.":               "pt",
		"Ne lancez jamais `npm publish` à la main.":                "fr",
		"Führe niemals `terraform destroy` aus.":                   "de",
		"提交前必须运行 `make test`。":                                     "zh",
		"`npm` は使わないでください。":                                        "ja",
		"`npm publish`를 실행하지 마세요.":                                 "ko",
		"Никогда не используйте `npm install`.":                    "ru",
		"Non usare mai `npm publish`.":                             "it",
		"Gebruik nooit `git push --force`.":                        "nl",
		"Nie używaj `yarn`, tylko `pnpm`.":                         "pl", // not German, though "nie" is German too
		"Usa `pnpm`, non `npm`.":                                   "it", // not Spanish, though "usa" is Spanish too
		"Run `make lint` (see the section «Qualité» for details).": "",
	} {
		if _, got := Gloss(text); got != want {
			t.Errorf("%q: language %q, want %q", text, got, want)
		}
	}
}

// Only English and the languages of the lexicon are read with the certainty a
// block needs.
func TestReadableLanguages(t *testing.T) {
	for _, lang := range []string{"", "es", "pt", "fr", "de", "zh", "ja", "ru", "ko", "it"} {
		if !Readable(lang) {
			t.Errorf("%q not readable", lang)
		}
	}
	for _, lang := range []string{"nl", "pl", "sv", "tr", "und"} {
		if Readable(lang) {
			t.Errorf("%q readable", lang)
		}
	}
}

// Chinese and Japanese have no spaces between words: the tokenizer still finds the
// code spans and cuts the words a rule turns on.
func TestTokenizeCJK(t *testing.T) {
	for text, want := range map[string][]string{
		"提交前必须运行 `make test`。":           {"提交前", "必须", "运行", "`make test`", "."},
		"禁止使用`yarn`安装依赖。":                {"禁止", "使用", "`yarn`", "安装依赖", "."},
		"PRを作成する前に、`make lint` を実行すること。": {"pr", "を作成する前に", ",", "`make lint`", "を実行すること", "."},
		"`npm` は使わないでください。":              {"`npm`", "は使わないでください", "."},
	} {
		var got []string
		for _, tk := range Tokenize(text) {
			switch {
			case tk.Code:
				got = append(got, "`"+tk.Text+"`")
			case tk.Punct:
				got = append(got, tk.Text)
			default:
				got = append(got, tk.Low)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: tokens %q, want %q", text, got, want)
		}
	}
}

// A rule in another language reads as its English counterpart does: bans,
// substitutions, orders before a commit, a push or a pull request, hedges. Sentences
// of this session's own writing.
func TestReadInOtherLanguages(t *testing.T) {
	for text, want := range map[string]string{
		"No hagas `git push --force`.":                                   "forbid: git push --force",
		"Está prohibido publicar con `npm publish`.":                     "forbid: npm publish",
		"Usa siempre `pnpm` en lugar de `npm`.":                          "forbid: npm | instead: pnpm",
		"Antes de hacer commit, ejecuta `make test`.":                    "require: make test | before: event:commit",
		"Debes ejecutar `cargo fmt` antes de cada push.":                 "require: cargo fmt | before: event:push",
		"Sempre rode `npm test` antes de fazer commit.":                  "require: npm test | before: event:commit",
		"Antes de abrir um PR, execute `make check`.":                    "require: make check | before: event:pr",
		"Use `uv` em vez de `pip`.":                                      "forbid: pip | instead: uv",
		"Il est interdit d'utiliser `git commit --no-verify`.":           "forbid: git commit --no-verify",
		"Ne pas exécuter `rm -rf node_modules` ; utilisez `make clean`.": "forbid: rm -rf node_modules",
		"Nutze immer `pnpm` statt `npm`.":                                "forbid: npm | instead: pnpm",
		"Benutze nicht `pip install`, sondern `uv add`.":                 "forbid: pip install | instead: uv add",
		"Vor jedem Commit muss `make test` laufen.":                      "require: make test | before: event:commit",
		"不要使用 `npm`，请使用 `pnpm`。":                                         "forbid: npm | instead: pnpm",
		"使用 `uv` 而不是 `pip`。":                                             "forbid: pip | instead: uv",
		"推送前请先运行`cargo fmt`和`cargo clippy`。":                             "require: cargo fmt, cargo clippy | before: event:push",
		"务必在提交代码之前运行 `npm run lint`。":                                    "require: npm run lint | before: event:commit",
		"`pip` ではなく `uv` を使用すること。":                                       "forbid: pip | instead: uv",
		"コミット前に必ず `make test` を実行してください。":                                "require: make test | before: event:commit",
		"`terraform apply` を実行しないでください。":                                 "forbid: terraform apply",
		"PRを作成する前に、`make lint` を実行すること。":                                 "require: make lint | before: event:pr",
		"npmの代わりに常にpnpmを使ってください。":                                        "forbid: npm | instead: pnpm",
		"Никогда не создавайте PR сами.":                                 "forbid: concept:open-pr",
		"Do: ESLint Flat Config verwenden; `next lint` nicht verwenden.": "forbid: next lint",
		"`npm publish`를 실행하지 마세요.":                                       "forbid: npm publish",
		"커밋 전에 반드시 `make test`를 실행하세요.":                                  "require: make test | before: event:commit",
	} {
		var got []string
		for _, n := range Read(text, Context{Command: commands}) {
			got = append(got, n.String())
		}
		if !slices.Contains(got, want) {
			t.Errorf("%q: got %q, want %q among them", text, got, want)
		}
	}
}

// A hedge in another language keeps a ban from blocking, as in English.
func TestHedgesInOtherLanguages(t *testing.T) {
	for _, text := range []string{
		"Si es posible, evita `npm run build`.",
		"Se possível, evite `go get -u`.",
		"Dans la mesure du possible, évitez `npm install -g`.",
		"Vermeide nach Möglichkeit `go get -u`.",
		"尽量避免使用 `npm install -g`。",
		"できるだけ `npm install -g` は避けてください。",
	} {
		ns := Read(text, Context{Command: commands})
		if len(ns) == 0 {
			t.Errorf("%q: nothing read", text)
		}
		for _, n := range ns {
			if n.Polarity == Forbid && len(n.Uncertain) == 0 && n.Hedge == "" {
				t.Errorf("%q read as a certain ban: %s", text, n.String())
			}
		}
	}
}

// Every gloss table is well formed: no phrase is glossed to a word the reader would
// take for another language, and every verb form of a language glosses to its verb.
func TestGlossTables(t *testing.T) {
	for lang, lw := range languageTable() {
		for verb, forms := range lw.verbs {
			if strings.Contains(verb, " ") {
				t.Errorf("%s: verb %q is more than a word", lang, verb)
			}
			for _, f := range forms {
				if f != strings.ToLower(f) {
					t.Errorf("%s: form %q is not lower case", lang, f)
				}
			}
		}
		for p, e := range lw.post {
			if !strings.Contains(e, "X") {
				t.Errorf("%s: post phrase %q glosses to %q, with no X for its object", lang, p, e)
			}
		}
	}
}

// A phrase around a code span keeps the span in its place: "X 必须与 Y 保持同步" is
// "X must be kept in sync with Y".
func TestGlossAroundASpan(t *testing.T) {
	for text, want := range map[string]string{
		"`docs/api.md` 必须与 `api/schema.ts` 保持同步。": "`docs/api.md` must be kept in sync with `api/schema.ts`.",
		"`README.md` 需要和 `cli.go` 同步更新。":          "`README.md` must be kept in sync with `cli.go`.",
	} {
		if got, _ := Gloss(text); got != want {
			t.Errorf("%q glossed as %q, want %q", text, got, want)
		}
	}
}

// Chinese ends a condition with 时: in English the condition leads its clause, so
// the clause after it is not read as unconditional (a ban on every commit, from "do
// not commit while the docs lag behind").
func TestChineseConditionLeadsItsClause(t *testing.T) {
	for text, want := range map[string]string{
		"测试没有通过时，不得提交或推送。":           "when tests 没有通过, must not commit or push.",
		"修改接口的时候，必须运行 `make gen`。":   "when edit APIs, must run `make gen`.",
		"依赖变化时还必须运行 `pnpm install`。": "when dependencies 变化, 还 must run `pnpm install`.",
		"提交前必须运行 `make test`。":       "before committing must run `make test`.",
		"只有在测试通过时才可以提交。":             "only 有 in tests 通过 when may commit.", // 时才: "only when", left in place
	} {
		if got, _ := Gloss(text); got != want {
			t.Errorf("%q glossed as %q, want %q", text, got, want)
		}
	}
}

// "The application's code" is a scope in Spanish and Portuguese as it is in English
// ("application code"), so a ban there is not left to a scope heed cannot locate.
func TestGlossApplicationCode(t *testing.T) {
	for text, want := range map[string]string{
		"No uses `print()` en el código de la aplicación.": "do not use `print()` in application code.",
		"Não use `print()` no código da aplicação.":        "do not use `print()` in application code.",
	} {
		if got, _ := Gloss(text); got != want {
			t.Errorf("%q glossed as %q, want %q", text, got, want)
		}
	}
}
