package llm

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/heed-dev/heed/internal/lazy"
)

// Provider families.
const (
	ProviderOpenAI    = "openai"
	ProviderAnthropic = "anthropic"
)

// How the answer format is requested (Config.Structured).
const (
	// StructuredSchema asks for the JSON Schema itself: OpenAI's response_format
	// json_schema, or Anthropic's forced tool call.
	StructuredSchema = "json_schema"
	// StructuredJSON asks for JSON mode (response_format json_object) with the schema
	// in the prompt, for OpenAI-compatible servers that lack schema support.
	StructuredJSON = "json_object"
	// StructuredNone puts the schema in the prompt and extracts the JSON strictly.
	StructuredNone = "none"
)

// Defaults.
const (
	DefaultTimeout     = 120 * time.Second
	DefaultMaxRetries  = 3
	DefaultConcurrency = 4
	DefaultMaxTokens   = 4096
)

// ConfigFile is the repository's configuration file, relative to its root. A
// repository configures its rules; it never configures the model path: an [llm]
// section in this file is ignored with a warning (docs/security.md).
const ConfigFile = ".heed/config"

// maxConfigSize bounds a configuration file.
const maxConfigSize = 1 << 20

// UserConfigHint names the user's own configuration file in messages.
const UserConfigHint = "~/.config/heed/config"

// CacheDir is where model answers are cached, relative to the repository root.
const CacheDir = ".heed/cache/llm"

// Config selects and tunes a provider. The zero value is disabled.
type Config struct {
	// Provider is the protocol family (ProviderOpenAI or ProviderAnthropic); empty
	// means no model: nothing in heed may contact one.
	Provider string
	// Name is the provider as configured (openai, anthropic, ollama, openrouter,
	// vllm, lmstudio, openai-compatible): it keys the cache and names the provider in
	// the summary.
	Name        string
	Model       string
	BaseURL     string
	APIKey      string
	Structured  string
	Timeout     time.Duration
	MaxRetries  int
	Concurrency int
	MaxTokens   int
	// NoCache skips reading and writing the answer cache.
	NoCache bool
	// CacheDir is the absolute cache directory ("" = no cache).
	CacheDir string
	// InputPrice and OutputPrice are US dollars per million tokens; negative means
	// unknown.
	InputPrice, OutputPrice float64
	// HTTPClient replaces the default client (tests).
	HTTPClient *http.Client
	// Source says where the provider setting came from (flag, environment, file),
	// for messages.
	Source string
	// Warnings are settings heed read and ignored (a repository's [llm] section),
	// for the command to print whether or not a model is enabled.
	Warnings []string
}

// Enabled reports whether a provider is configured.
func (c Config) Enabled() bool { return c.Provider != "" }

// Flags are the model options commands share.
type Flags struct {
	Provider string
	Model    string
	BaseURL  string
	NoCache  bool
	// ConfigFile replaces the repository's configuration file (heed --config FILE);
	// its [llm] section is ignored all the same. Not a flag of its own.
	ConfigFile string
}

// Register adds the flags to a command's flag set.
func (f *Flags) Register(fs *pflag.FlagSet) {
	fs.StringVar(&f.Provider, "llm-provider", "", "model provider: openai, anthropic, ollama, openrouter, vllm, lmstudio, openai-compatible (default: $HEED_LLM_PROVIDER, else "+UserConfigHint+"; none = no model)")
	fs.StringVar(&f.Model, "llm-model", "", "model name (default: $HEED_LLM_MODEL, else "+UserConfigHint+")")
	fs.StringVar(&f.BaseURL, "llm-base-url", "", "API base URL, e.g. http://localhost:11434/v1 (default: $HEED_LLM_BASE_URL, else the provider's)")
	fs.BoolVar(&f.NoCache, "no-cache", false, "ignore and do not write the model answer cache (.heed/cache/llm)")
}

// alias describes a configurable provider name.
type alias struct {
	family   string
	baseURL  string
	keyEnv   string
	needsKey bool
	// local servers cost nothing per token.
	local bool
}

var aliases = lazy.Value[map[string]alias]{F: func() map[string]alias {
	return map[string]alias{
		"openai":            {ProviderOpenAI, "https://api.openai.com/v1", "OPENAI_API_KEY", true, false},
		"anthropic":         {ProviderAnthropic, "https://api.anthropic.com", "ANTHROPIC_API_KEY", true, false},
		"ollama":            {ProviderOpenAI, "http://localhost:11434/v1", "OLLAMA_API_KEY", false, true},
		"openrouter":        {ProviderOpenAI, "https://openrouter.ai/api/v1", "OPENROUTER_API_KEY", true, false},
		"vllm":              {ProviderOpenAI, "http://localhost:8000/v1", "OPENAI_API_KEY", false, true},
		"lmstudio":          {ProviderOpenAI, "http://localhost:1234/v1", "OPENAI_API_KEY", false, true},
		"openai-compatible": {ProviderOpenAI, "", "OPENAI_API_KEY", false, false},
	}
}}

// fileConfig is the [llm] section of a configuration file.
type fileConfig map[string]string

// UserConfigPath is the user's own configuration file: $XDG_CONFIG_HOME/heed/config,
// else $HOME/.config/heed/config; "" when neither variable holds an absolute path.
func UserConfigPath(getenv func(string) string) string {
	if d := getenv("XDG_CONFIG_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "heed", "config")
	}
	if h := getenv("HOME"); filepath.IsAbs(h) {
		return filepath.Join(h, ".config", "heed", "config")
	}
	return ""
}

// Resolve builds the configuration from flags, then the environment, then the [llm]
// section of the user's own configuration file (UserConfigPath; first set wins).
//
// Everything in the model path sends the repository's code somewhere, with someone's
// credentials, at someone's cost, so only the user and CI choose it: the [llm] section
// of the repository's .heed/config is ignored, and so is a user configuration file
// that lies inside the repository; each gets a warning in Config.Warnings (returned
// with errors too). An API key is only ever read from the environment. A provider is
// never inferred: an API key in the environment alone does not enable the model path.
func Resolve(root string, getenv func(string) string, f Flags) (Config, error) {
	fc, userFile, warnings, err := readConfigs(root, f.ConfigFile, getenv)
	if err != nil {
		return Config{Warnings: warnings}, err
	}
	cfg, err := resolve(root, getenv, f, fc, userFile)
	cfg.Warnings = warnings
	return cfg, err
}

// readConfigs reads the user's [llm] section and reports the repository's as
// ignored (the file --config names, when given, stands for the repository's).
// userFile names the user's file for messages.
func readConfigs(root, named string, getenv func(string) string) (fc fileConfig, userFile string, warnings []string, err error) {
	repoFile, why := filepath.Join(root, ConfigFile), "is the repository's"
	if named != "" {
		repoFile, why = named, "is the --config file, which configures checks, not the model path"
	}
	repo, err := readConfigFile(repoFile, named != "")
	if err != nil {
		return nil, "", nil, err
	}
	if len(repo) > 0 {
		warnings = append(warnings, ignoredWarning(repoFile, repo, why))
	}
	userFile = UserConfigPath(getenv)
	if userFile == "" {
		return fileConfig{}, UserConfigHint, warnings, nil
	}
	user, err := readConfigFile(userFile, true)
	if err != nil {
		return nil, userFile, warnings, err
	}
	if len(user) > 0 && within(root, userFile) {
		warnings = append(warnings, ignoredWarning(userFile, user, "lies inside the repository"))
		user = fileConfig{}
	}
	return user, userFile, warnings, nil
}

func ignoredWarning(file string, fc fileConfig, why string) string {
	keys := make([]string, 0, len(fc))
	for k := range fc {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return fmt.Sprintf("%s: ignored [llm] %s: this file %s, and only you or CI choose the model, its endpoint and its credentials: set them in %s or the environment (docs/security.md)",
		file, strings.Join(keys, ", "), why, UserConfigHint)
}

// within reports whether path lies inside the directory root (after symbolic links).
// An unresolvable root is taken to contain it: the file is then ignored, not trusted.
func within(root, path string) bool {
	r, err := filepath.Abs(root)
	if err == nil {
		r, err = filepath.EvalSymlinks(r)
	}
	if err != nil {
		return true
	}
	p, err := filepath.Abs(path)
	if err == nil {
		p, err = filepath.EvalSymlinks(p)
	}
	if err != nil {
		return true
	}
	rel, err := filepath.Rel(r, p)
	return err != nil || rel == "." || (rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)))
}

func resolve(root string, getenv func(string) string, f Flags, fc fileConfig, userFile string) (Config, error) {
	var err error
	pick := func(flag, env, key string) (string, string) {
		if flag != "" {
			return flag, "flag"
		}
		if env != "" {
			if v := strings.TrimSpace(getenv(env)); v != "" {
				return v, "$" + env
			}
		}
		if v := fc[key]; v != "" {
			return v, userFile
		}
		return "", ""
	}
	name, src := pick(f.Provider, "HEED_LLM_PROVIDER", "provider")
	name = strings.ToLower(name)
	if name == "" || name == "none" || name == "off" {
		return Config{}, nil
	}
	al, ok := aliases.Get()[name]
	if !ok {
		return Config{}, fmt.Errorf("unknown model provider %q (from %s; want one of openai, anthropic, ollama, openrouter, vllm, lmstudio, openai-compatible, none)", name, src)
	}
	cfg := Config{Provider: al.family, Name: name, Source: src, InputPrice: -1, OutputPrice: -1}
	cfg.Model, _ = pick(f.Model, "HEED_LLM_MODEL", "model")
	if cfg.Model == "" {
		return Config{}, fmt.Errorf("model provider %s is configured (%s) but no model is: set --llm-model, HEED_LLM_MODEL or model in %s", name, src, userFile)
	}
	cfg.BaseURL, _ = pick(f.BaseURL, "HEED_LLM_BASE_URL", "base_url")
	if cfg.BaseURL == "" {
		cfg.BaseURL = al.baseURL
	}
	if cfg.BaseURL == "" {
		return Config{}, fmt.Errorf("provider %s needs a base URL: set --llm-base-url, HEED_LLM_BASE_URL or base_url in %s", name, userFile)
	}
	if !strings.HasPrefix(cfg.BaseURL, "http://") && !strings.HasPrefix(cfg.BaseURL, "https://") {
		return Config{}, fmt.Errorf("model base URL %q must start with http:// or https://", cfg.BaseURL)
	}
	keyEnv := al.keyEnv
	if v := fc["api_key_env"]; v != "" {
		keyEnv = v
	}
	cfg.APIKey = strings.TrimSpace(getenv(keyEnv))
	if cfg.APIKey == "" && al.needsKey && cfg.BaseURL == al.baseURL {
		return Config{}, fmt.Errorf("provider %s needs an API key: set %s", name, keyEnv)
	}
	cfg.Structured, _ = pick("", "HEED_LLM_STRUCTURED", "structured")
	switch cfg.Structured {
	case "":
		cfg.Structured = StructuredSchema
	case StructuredSchema, StructuredJSON, StructuredNone:
	default:
		return Config{}, fmt.Errorf("structured = %q: want json_schema, json_object or none", cfg.Structured)
	}
	if cfg.Structured == StructuredJSON && cfg.Provider == ProviderAnthropic {
		return Config{}, fmt.Errorf("structured = json_object is an OpenAI-compatible option; the Anthropic API uses a tool call (json_schema) or none")
	}
	if cfg.Timeout, err = durationSetting(pick("", "HEED_LLM_TIMEOUT", "timeout")); err != nil {
		return Config{}, err
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = DefaultTimeout
	}
	intSetting := func(env, key string, def, min int) (int, error) {
		v, from := pick("", env, key)
		if v == "" {
			return def, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < min {
			return 0, fmt.Errorf("%s = %q (from %s): want a whole number ≥ %d", key, v, from, min)
		}
		return n, nil
	}
	if cfg.MaxRetries, err = intSetting("HEED_LLM_MAX_RETRIES", "max_retries", DefaultMaxRetries, 0); err != nil {
		return Config{}, err
	}
	if cfg.Concurrency, err = intSetting("HEED_LLM_CONCURRENCY", "concurrency", DefaultConcurrency, 1); err != nil {
		return Config{}, err
	}
	if cfg.MaxTokens, err = intSetting("HEED_LLM_MAX_TOKENS", "max_tokens", DefaultMaxTokens, 256); err != nil {
		return Config{}, err
	}
	for key, dst := range map[string]*float64{"input_price": &cfg.InputPrice, "output_price": &cfg.OutputPrice} {
		if v := fc[key]; v != "" {
			p, err := strconv.ParseFloat(v, 64)
			if err != nil || p < 0 {
				return Config{}, fmt.Errorf("%s: %s = %q: want US dollars per million tokens", userFile, key, v)
			}
			*dst = p
		}
	}
	if cfg.InputPrice < 0 || cfg.OutputPrice < 0 {
		if al.local && (cfg.BaseURL == al.baseURL || loopback(cfg.BaseURL)) {
			cfg.InputPrice, cfg.OutputPrice = 0, 0
		} else if in, out, ok := knownPrice(cfg.Model); ok && name != "openrouter" {
			if cfg.InputPrice < 0 {
				cfg.InputPrice = in
			}
			if cfg.OutputPrice < 0 {
				cfg.OutputPrice = out
			}
		}
	}
	cfg.NoCache = f.NoCache
	cfg.CacheDir = filepath.Join(root, filepath.FromSlash(CacheDir))
	return cfg, nil
}

// loopback reports whether the URL's host is this machine (a local server costs
// nothing per token).
func loopback(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	h := u.Hostname()
	if h == "localhost" {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

func durationSetting(v, from string) (time.Duration, error) {
	if v == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		if s, err2 := strconv.Atoi(v); err2 == nil {
			d, err = time.Duration(s)*time.Second, nil
		}
	}
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("timeout = %q (from %s): want a duration such as 90s or 2m", v, from)
	}
	return d, nil
}

// readConfigFile reads the [llm] section of a configuration file: a TOML subset of
// `key = value` lines (strings quoted or bare, numbers), `#` comments and [section]
// headers; other sections belong to other parts of heed and are skipped. A missing
// file is an empty configuration.
//
// The file must be a regular file of at most maxConfigSize bytes; with follow false
// (the repository's file) it must not be a symbolic link either, so a committed link
// to /dev/zero or to a file outside the repository is an error, not a read.
func readConfigFile(path string, follow bool) (fileConfig, error) {
	stat := os.Lstat
	if follow {
		stat = os.Stat
	}
	fi, err := stat(path)
	if os.IsNotExist(err) {
		return fileConfig{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("read %s: not a regular file (%s)", path, fi.Mode().Type())
	}
	if fi.Size() > maxConfigSize {
		return nil, fmt.Errorf("read %s: %d bytes, more than a configuration file's %d", path, fi.Size(), maxConfigSize)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if len(data) > maxConfigSize {
		return nil, fmt.Errorf("read %s: more than a configuration file's %d bytes", path, maxConfigSize)
	}
	fc := fileConfig{}
	section := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "[") {
			if !strings.HasSuffix(line, "]") {
				return nil, fmt.Errorf("%s:%d: unterminated section header %q", path, n, line)
			}
			section = strings.TrimSpace(line[1 : len(line)-1])
			continue
		}
		if section != "llm" {
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want key = value, got %q", path, n, line)
		}
		key = strings.TrimSpace(key)
		val = strings.TrimSpace(val)
		if strings.HasPrefix(val, `"`) {
			s, err := strconv.QuotedPrefix(val)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %s: bad quoted string %s", path, n, key, val)
			}
			rest := strings.TrimSpace(val[len(s):])
			if rest != "" && !strings.HasPrefix(rest, "#") {
				return nil, fmt.Errorf("%s:%d: %s: text after the value: %q", path, n, key, rest)
			}
			val, _ = strconv.Unquote(s)
		} else if i := strings.Index(val, "#"); i >= 0 {
			val = strings.TrimSpace(val[:i])
		}
		switch key {
		case "provider", "model", "base_url", "api_key_env", "structured", "timeout", "max_retries",
			"concurrency", "max_tokens", "input_price", "output_price":
			fc[key] = val
		case "api_key":
			return nil, fmt.Errorf("%s:%d: api_key does not belong in a configuration file: put the key in an environment variable and name it with api_key_env", path, n)
		default:
			return nil, fmt.Errorf("%s:%d: unknown [llm] setting %q", path, n, key)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return fc, nil
}

// knownPrice returns list prices (US dollars per million input and output tokens) of
// a few widely used models, as published by their vendors; for anything else the
// cost is reported as unknown unless the user's configuration gives prices. Longest prefix wins,
// so dated snapshots ("gpt-4o-mini-2024-07-18") price like their family.
func knownPrice(model string) (in, out float64, ok bool) {
	table := []struct {
		prefix  string
		in, out float64
	}{
		{"gpt-4o-mini", 0.15, 0.60},
		{"gpt-4o", 2.50, 10.00},
		{"gpt-4.1-nano", 0.10, 0.40},
		{"gpt-4.1-mini", 0.40, 1.60},
		{"gpt-4.1", 2.00, 8.00},
		{"claude-3-5-haiku", 0.80, 4.00},
		{"claude-3-haiku", 0.25, 1.25},
		{"claude-haiku-4-5", 1.00, 5.00},
		{"claude-3-5-sonnet", 3.00, 15.00},
		{"claude-3-7-sonnet", 3.00, 15.00},
		{"claude-sonnet-4", 3.00, 15.00},
		{"claude-opus-4", 15.00, 75.00},
		{"claude-opus-4-5", 5.00, 25.00},
	}
	best := -1
	for i, p := range table {
		if strings.HasPrefix(model, p.prefix) && (best < 0 || len(p.prefix) > len(table[best].prefix)) {
			best = i
		}
	}
	if best < 0 {
		return 0, 0, false
	}
	return table[best].in, table[best].out, true
}
