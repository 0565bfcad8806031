package arch

import (
	"fmt"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/uniq"
)

// Access kept in one place (norm.AccessPlacement): "All database access must live in
// `internal/store`" is read as: only that place imports the repository's database
// client packages. Which packages a kind of service names is this table's; only those
// the repository declares or imports count, so the rule speaks of the code as it is.

type accessClient struct{ name, lang string }

// accessClients are the client packages of each kind of service, by language.
var accessClients = sync.OnceValue(func() map[string][]accessClient {
	c := func(lang string, names ...string) []accessClient {
		out := make([]accessClient, len(names))
		for i, n := range names {
			out[i] = accessClient{n, lang}
		}
		return out
	}
	cat := func(xs ...[]accessClient) []accessClient {
		var out []accessClient
		for _, x := range xs {
			out = append(out, x...)
		}
		return out
	}
	return map[string][]accessClient{
		"database": cat(
			c(engine.LangGo, "database/sql", "github.com/jackc/pgx", "github.com/lib/pq", "gorm.io/gorm", "github.com/jmoiron/sqlx",
				"go.mongodb.org/mongo-driver", "github.com/go-sql-driver/mysql", "github.com/mattn/go-sqlite3", "modernc.org/sqlite",
				"entgo.io/ent", "github.com/uptrace/bun"),
			c(engine.LangTypeScript, "pg", "postgres", "mysql", "mysql2", "sqlite3", "better-sqlite3", "mongodb", "mongoose",
				"@prisma/client", "drizzle-orm", "knex", "typeorm", "sequelize", "kysely", "@neondatabase/serverless",
				"@libsql/client", "@planetscale/database"),
			c(engine.LangPython, "sqlalchemy", "psycopg2", "psycopg", "asyncpg", "pymysql", "pymongo", "motor", "sqlite3",
				"peewee", "aiosqlite", "sqlmodel")),
		"dynamodb": cat(
			c(engine.LangTypeScript, "@aws-sdk/client-dynamodb", "@aws-sdk/lib-dynamodb"),
			c(engine.LangGo, "github.com/aws/aws-sdk-go-v2/service/dynamodb")),
		"redis": cat(
			c(engine.LangTypeScript, "redis", "ioredis", "@upstash/redis"),
			c(engine.LangGo, "github.com/redis/go-redis", "github.com/go-redis/redis"),
			c(engine.LangPython, "redis")),
		"http": cat(
			c(engine.LangTypeScript, "axios", "node-fetch", "got", "ky", "superagent", "undici", "cross-fetch"),
			c(engine.LangPython, "requests", "httpx", "aiohttp", "urllib3")),
	}
})

// clientsUsed are the client packages of a kind of service that the repository
// declares or its code imports (a subpath or a major version counts:
// "github.com/jackc/pgx/v5"), and Go's standard library in a Go repository.
func clientsUsed(kind string, rc *recognize.RepoContext) []accessClient {
	if rc == nil {
		return nil
	}
	var names []string
	for _, p := range rc.Packages {
		names = append(names, p.Name)
	}
	if rc.SourceImports != nil {
		for _, m := range rc.SourceImports() {
			names = append(names, m.Name)
		}
	}
	var out []accessClient
	for _, cl := range accessClients()[kind] {
		if cl.lang == engine.LangGo && !strings.Contains(strings.Split(cl.name, "/")[0], ".") && slices.Contains(rc.Languages, engine.LangGo) {
			out = append(out, cl) // the standard library of a Go repository
			continue
		}
		for _, n := range names {
			if n == cl.name || strings.HasPrefix(n, cl.name+"/") {
				out = append(out, cl)
				break
			}
		}
	}
	return out
}

type accessRecognizer struct{}

func (accessRecognizer) Name() string { return "arch.access" }

func (accessRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	var out recognize.Result
	for _, s := range sentences(c.Text) {
		kind, places, ok := norm.AccessPlacement(norm.ArchSentence{Prose: s.prose, Spans: s.spans})
		if !ok {
			continue
		}
		var allowed []string
		for _, i := range places {
			if sub, ok := resolveSpan(s.spans[i], c, rc); ok && len(sub.globs) > 0 && !sub.fileKind && placeExists(sub.globs, rc) {
				allowed = sub.globs
				break
			}
		}
		clients := clientsUsed(kind, rc)
		if len(allowed) == 0 || len(clients) == 0 {
			// the place is not one of the repository's, or it uses no client of
			// the kind heed knows: the sentence stays with the other readers
			continue
		}
		var pkgs []string
		for _, cl := range clients {
			pkgs = append(pkgs, cl.name)
		}
		// tests stand up or mock the client themselves: the place the text names
		// is where the code reaches the service, not its tests
		except := uniq.Values(append(append([]string{}, allowed...), testGlobs(rc.Languages)...))
		params := importsParams{Mode: ModeForbid, From: []string{"**"}, FromExcept: except, ToPackages: pkgs}
		sm := sampler{lang: clients[0].lang, module: "example.com/app"}
		if sm.lang == engine.LangGo && rc.GoModule != "" {
			sm.module = rc.GoModule
		}
		bad, good := externalCase(sm, pkgs[0], "")
		bad.Path, good.Path = sm.concrete("elsewhere/**", "client"), sm.concrete("elsewhere/**", "client")
		if bad.Code == "" {
			continue
		}
		r := archRule(KindImports, params, c,
			fmt.Sprintf("a file outside %s imports %s (%s access)", list(humans(allowed)), list(pkgs), kind),
			fmt.Sprintf("keep %s access in %s", kind, list(humans(allowed))), bad, good)
		// which packages the kind names is heed's table, not the text: a warning
		r.Severity = policy.SeverityWarning
		r.Exact = false
		out.Rules = append(out.Rules, r)
	}
	return out
}

// placeExists reports whether the folders of the places a sentence names are folders
// of the repository: a stale path ("`lib/db.js`" after the file moved) names no
// place, and a rule that allowed it would flag the code that moved.
func placeExists(globs []string, rc *recognize.RepoContext) bool {
	if rc == nil || len(rc.Dirs) == 0 {
		return true
	}
	for _, g := range globs {
		d := strings.TrimSuffix(g, "/**")
		if path.Ext(d) != "" {
			d = path.Dir(d)
		}
		if d != "." && !isDir(rc, d) {
			return false
		}
	}
	return true
}
