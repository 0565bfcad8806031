package compile_test

import (
	"testing"
)

// TestOwnContributionSentences: co-change sentences written before the compiler read
// them (testdata/own-sentences-contrib.txt, first sight in its .md): the condition
// after the demand, "keep A in sync with B", regeneration, a lockfile with its
// manifest, a migration with a model change, the public API resolved against the
// layout, tables, a heading naming the scope or the trigger, exemptions in another
// sentence, judgement, and sentences that demand nothing. Each document is judged
// on changes a careful reader flags, warns about or lets pass.
func TestOwnContributionSentences(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-contrib.txt", 15)
}

// TestOwnContributionSentences2: contribution sentences written before the compiler
// read them (testdata/own-sentences-contrib-2.txt, first sight in its .md): a
// changelog per crate or package, a version kept equal across files, new dependencies
// listed in a notices file, file names without backticks, branch and history rules,
// a subject limit over a Conventional Commits template, and their near misses.
func TestOwnContributionSentences2(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-contrib-2.txt", 15)
}

// TestOwnUntouchedSentences: sentences about files a change must leave alone, written
// before the compiler read them (testdata/own-sentences-untouched.txt, first sight in
// its .md): a path at the head of an item and the ban after a dash, passives, a label
// and a list, a ban in parentheses, an opening clause, conditions, and bans of no file.
func TestOwnUntouchedSentences(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-untouched.txt", 14)
}

// TestOwnUntouchedSentences2: the second batch (testdata/own-sentences-untouched-2.txt):
// files a tool writes are kept from hand edits, not from the change that holds them.
func TestOwnUntouchedSentences2(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-untouched-2.txt", 7)
}

// TestOwnUntouchedSentencesEdits: own sentences (testdata/own-sentences-untouched-edits.txt):
// a ban of editing files does not reach the files a change adds.
func TestOwnUntouchedSentencesEdits(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-untouched-edits.txt", 7)
}

// TestOwnContribSentences3: the third batch (testdata/own-sentences-contrib-3.txt): a
// duty of most or some contributions warns; a duty of all of them blocks.
func TestOwnContribSentences3(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-contrib-3.txt", 5)
}

// TestOwnContribSentences4: the fourth batch (testdata/own-sentences-contrib-4.txt): a
// commit duty under a condition heed cannot see warns; one whose condition is the
// moment of committing blocks.
func TestOwnContribSentences4(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-contrib-4.txt", 4)
}

// TestOwnContribSentences5: the fifth batch (testdata/own-sentences-contrib-5.txt):
// commit and pull-request templates written as code spans with placeholders.
func TestOwnContribSentences5(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-contrib-5.txt", 6)
}

// TestOwnContribSentences6: the sixth batch (testdata/own-sentences-contrib-6.txt):
// rules on a pull request's title.
func TestOwnContribSentences6(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-contrib-6.txt", 8)
}

// TestOwnContribSentences7: the seventh batch (testdata/own-sentences-contrib-7.txt):
// what the entries of a pull request's release notes may hold.
func TestOwnContribSentences7(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-contrib-7.txt", 6)
}

// TestOwnContribSentences8: the eighth batch (testdata/own-sentences-contrib-8.txt): a
// class member named where a co-change's file would be is no file; build inputs and
// variants with suffixes no language uses still are.
func TestOwnContribSentences8(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-contrib-8.txt", 4)
}

// TestOwnContribSentences9: the ninth batch (testdata/own-sentences-contrib-9.txt):
// how-to recipes whose first step places a new thing at a placeholder path and whose
// other steps name the files to update with it.
func TestOwnContribSentences9(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-contrib-9.txt", 6)
}

// TestOwnContribSentences10: the tenth batch (testdata/own-sentences-contrib-10.txt):
// co-change phrasings of the dev misses (a new flag and its docs, a new endpoint and
// its test, regeneration, an added migration, translations, tests by layout),
// pull-request bodies and titles, commit templates, and near misses.
func TestOwnContribSentences10(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-contrib-10.txt", 30)
}

// TestOwnContribSentences11: the eleventh batch (testdata/own-sentences-contrib-11.txt),
// written after batch 10's reading work to measure it at first sight.
func TestOwnContribSentences11(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-contrib-11.txt", 24)
}

// TestOwnContribSentences31: co-change, PR and commit sentences of session 38
// (testdata/own-sentences-contrib-31.txt): tables, a condition in a heading, a target
// named in an earlier sentence, nested lists, a distant exemption, registry files,
// generated code, snapshots, versions, German and Spanish, near misses.
func TestOwnContribSentences31(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-contrib-31.txt", 18)
}

// TestBatchFile judges a batch of documents kept outside the repository (public
// sentences may not be committed): HEED_BATCH_FILE names it, in the format of
// own-sentences-arch.txt; without it the test is skipped.
func TestBatchFile(t *testing.T) {
	ownDocuments(t, batchFromEnv(t, "HEED_BATCH_FILE"), 1)
}

// TestOwnContribSentences140: contribution sentences of session 39 in the shapes whole
// CONTRIBUTING files and PR templates use (testdata/own-sentences-140.txt; first sight
// in its .md): a format only in a code block, sign-off enforced by CI, PR-body demands,
// lockfiles, migrations, changelog exemptions, German and Spanish, near misses.
func TestOwnContribSentences140(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-140.txt", 15)
}

// TestOwnContribSentences12: the twelfth batch (testdata/own-sentences-contrib-12.txt,
// first sight in its .md): pull-request descriptions and titles.
func TestOwnContribSentences12(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-contrib-12.txt", 17)
}
