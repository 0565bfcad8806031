package source

import (
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/norm"
)

// A secret written to the logs (batch 636, issue 19): "Never log tokens, passwords or
// other secrets", "Secrets must never be logged", "No API keys in logs". The query
// finds a logging call whose argument is a variable or field named for a secret
// (`token`, `apiKey`, `self.password`, `client_secret`), passed as it is, in a
// format string's interpolation or as a structured field. It cannot see what a value
// holds: a name is a guess, so the rule warns.

// secretArgRE: a name whose last part is a secret (`password`, `req.apiKey`,
// `AUTH_TOKEN`, `clientSecret`, `access_token`). A bare `token` is no secret by its
// name: a parser's, a filter's and a model's tokens are named so too.
const secretArgRE = `^(?:[A-Za-z_][A-Za-z0-9_]*\.)*(?:(?i:(?:[a-z0-9]*_)?(?:password|passwd|secret|api_?key|private_?key|client_?secret|credentials?))|(?i:(?:[a-z0-9]*_)?(?:access|refresh|auth|api|bearer|session|id|jwt|bot|github|gh|npm|slack|oauth|personal|service|client|hf|openai)_?token)|[A-Z][A-Z0-9_]*_TOKEN|[A-Za-z0-9]*(?:Password|Passwd|Secret|ApiKey|APIKey|PrivateKey|Credentials?)|(?:[A-Za-z0-9]*(?:Access|Refresh|Auth|Api|API|Bearer|Session|Id|ID|Jwt|JWT|Bot|OAuth|Oauth|Client|GitHub|Github|Slack|Npm)|access|refresh|auth|api|bearer|session|id|jwt|bot|oauth|client|github|slack|npm)Token)$`

// notSecretArgRE: tokens that are no secret (a page's, a cancellation's, a model's
// prompt tokens), what only describes a secret (its hash, its masked form, its
// length), and a flag about one
// (`hasPassword`).
const notSecretArgRE = `(?i)(?:page|cursor|continuation|cancell?ation|cancel|csrf|xsrf|sync|resume|next|lexer|parse|stop|eos|bos|pad|unk|special|input|output|prompt|completion|max|num|total)_?tokens?$|hash|digest|fingerprint|cancellation|mask|redact|obfuscat|truncat|preview|hint|last4|prefix|suffix|length|len$|(?:^|\.)(?:is|has|needs?|uses?|requires?|with|show|hide|toggle)[A-Z_]`

// rustSecretArgRE: a macro's token tree that passes a secret-named value as a whole
// argument or field (`, api_key)`, `token = %auth_token,`): the tree holds every
// identifier of the call, `token.len()` and a field's name among them.
const rustSecretArgRE = `(?:^|[,(=])\s*[%?&*]?\s*(?:[a-z_][a-z0-9_]*\.)*(?:(?i:(?:[a-z0-9]*_)?(?:password|passwd|secret|api_?key|private_?key|client_?secret|credentials?))|(?i:(?:[a-z0-9]*_)?(?:access|refresh|auth|api|bearer|session|id|jwt|bot|github|gh|npm|slack|oauth|personal|service|client|hf|openai)_?token)|[A-Z][A-Z0-9_]*_TOKEN)\s*(?:[,)]|$)`

// secretLogPreds are the predicates every variant's @match carries: secretArgRE and
// notSecretArgRE as the query's strings write them.
const secretLogPreds = ` (#match? @match "^(?:[A-Za-z_][A-Za-z0-9_]*\\.)*(?:(?i:(?:[a-z0-9]*_)?(?:password|passwd|secret|api_?key|private_?key|client_?secret|credentials?))|(?i:(?:[a-z0-9]*_)?(?:access|refresh|auth|api|bearer|session|id|jwt|bot|github|gh|npm|slack|oauth|personal|service|client|hf|openai)_?token)|[A-Z][A-Z0-9_]*_TOKEN|[A-Za-z0-9]*(?:Password|Passwd|Secret|ApiKey|APIKey|PrivateKey|Credentials?)|(?:[A-Za-z0-9]*(?:Access|Refresh|Auth|Api|API|Bearer|Session|Id|ID|Jwt|JWT|Bot|OAuth|Oauth|Client|GitHub|Github|Slack|Npm)|access|refresh|auth|api|bearer|session|id|jwt|bot|oauth|client|github|slack|npm)Token)$")` +
	` (#not-match? @match "(?i)(?:page|cursor|continuation|cancell?ation|cancel|csrf|xsrf|sync|resume|next|lexer|parse|stop|eos|bos|pad|unk|special|input|output|prompt|completion|max|num|total)_?tokens?$|hash|digest|fingerprint|cancellation|mask|redact|obfuscat|truncat|preview|hint|last4|prefix|suffix|length|len$|(?:^|\\.)(?:is|has|needs?|uses?|requires?|with|show|hide|toggle)[A-Z_]")`

const secretLogNeedles = `(?i)token|passw|secret|api_?key|private_?key|credential`

var logSecrets = &Entry{
	Name:    "log-secrets",
	Title:   "a secret passed to a logging call",
	Names:   func(s *sentence) bool { return norm.SecretLoggingBan(s.c.Text) },
	Warn:    alwaysWarn,
	Inexact: true,
	// a test prints the credentials it made for its run; a command-line program's
	// output is its interface (the secret a user asked to see)
	NotInTests:     true,
	NotInTestFiles: true,
	Exclude:        []string{"programs"},
	Message:        "a value named for a secret is logged",
	Suggestion:     "log that the secret was used, or a redacted form of it, never its value",
	Variants: []Variant{
		{Lang: engine.LangPython,
			Query: `(call function: (attribute object: (_) @recv attribute: (identifier) @fn) arguments: (argument_list [(identifier) @match (attribute) @match (keyword_argument value: [(identifier) (attribute)] @match) (string (interpolation expression: [(identifier) (attribute)] @match))])` +
				` (#match? @recv "(?i)(?:^|\\.)_?(?:log|logger|logging)$") (#match? @fn "^(?:debug|info|warning|warn|error|exception|critical|fatal|log)$")` + secretLogPreds + `)`,
			NeedlePattern: secretLogNeedles,
			Bad:           []string{"import logging\n\nlogger = logging.getLogger(__name__)\n\n\ndef login(password):\n    logger.info(\"login with %s\", «password»)\n    logger.debug(f\"key={«self.api_key»}\")\n"},
			Good:          []string{"import logging\n\nlogger = logging.getLogger(__name__)\n\n\ndef login(token, page_token):\n    logger.info(\"token refreshed\")\n    logger.info(\"filter %s\", token)\n    logger.info(\"page %s\", page_token)\n    logger.info(\"len %d\", len(token))\n"},
		},
		{Lang: engine.LangGo,
			Query: `(call_expression function: (selector_expression operand: (_) @recv field: (field_identifier) @fn) arguments: (argument_list [(identifier) (selector_expression)] @match)` +
				` (#match? @recv "(?i)(?:^|\\.)(?:log|logger|slog|klog|glog|logrus|zlog)$") (#match? @fn "^(?:Print|Debug|Info|Warn|Warning|Error|Fatal|Panic|Trace|Log)(?:f|ln|w|Context)?$")` + secretLogPreds + `)`,
			NeedlePattern: secretLogNeedles,
			Bad:           []string{"package a\n\nimport \"log\"\n\nfunc Login(apiKey string) {\n\tlog.Printf(\"login %s\", «apiKey»)\n}\n"},
			Good:          []string{"package a\n\nimport \"log\"\n\nfunc Login(token string, ctx context.Context) {\n\tlog.Printf(\"login %d\", len(token))\n\tlog.Println(\"token refreshed\")\n}\n"},
		},
		{Lang: engine.LangTypeScript,
			Query:         jsSecretLogQuery,
			NeedlePattern: secretLogNeedles,
			Bad:           []string{"export function login(authToken: string) {\n  console.log(\"login\", «authToken»);\n  logger.info(`key ${«this.apiKey»}`);\n}\n"},
			Good:          []string{"export function login(token: string, nextToken: string) {\n  console.log(\"token refreshed\");\n  logger.info(\"page\", nextToken);\n}\n"},
		},
		{Lang: engine.LangJavaScript,
			Query:         jsSecretLogQuery,
			NeedlePattern: secretLogNeedles,
			Bad:           []string{"export function login(password) {\n  console.error({ «password» });\n}\n"},
			Good:          []string{"export function login(password) {\n  console.error(\"bad password\");\n}\n"},
		},
		{Lang: engine.LangTSX,
			Query:         jsSecretLogQuery,
			NeedlePattern: secretLogNeedles,
			Bad:           []string{"export function Login({ accessToken }: { accessToken: string }) {\n  console.log(«accessToken»);\n  return <div />;\n}\n"},
			Good:          []string{"export function Login({ token }: { token: string }) {\n  console.log(\"rendered\");\n  return <div />;\n}\n"},
		},
		{Lang: engine.LangRust,
			Query: `(macro_invocation macro: [(identifier) (scoped_identifier)] @recv (token_tree) @match` +
				` (#match? @recv "^(?:(?:log|tracing)::)?(?:info|debug|warn|error|trace)$") (#match? @match "(?:^|[,(=])\\s*[%?&*]?\\s*(?:[a-z_][a-z0-9_]*\\.)*(?:(?i:(?:[a-z0-9]*_)?(?:password|passwd|secret|api_?key|private_?key|client_?secret|credentials?))|(?i:(?:[a-z0-9]*_)?(?:access|refresh|auth|api|bearer|session|id|jwt|bot|github|gh|npm|slack|oauth|personal|service|client|hf|openai)_?token)|[A-Z][A-Z0-9_]*_TOKEN)\\s*(?:[,)]|$)"))`,
			NeedlePattern: secretLogNeedles,
			Bad:           []string{"pub fn login(api_key: &str) {\n    log::info!«(\"login with key {}\", api_key)»;\n}\n"},
			Good:          []string{"pub fn login(token: &str, api_key: &str) {\n    log::info!(\"token refreshed\");\n    debug!(token_length = token.len(), \"checked\");\n    info!(credential = %rule.name, \"injected\");\n    println!(\"{}\", api_key);\n}\n"},
		},
		{Lang: engine.LangJava,
			Query: `(method_invocation object: (_) @recv name: (identifier) @fn arguments: (argument_list [(identifier) @match (field_access) @match (binary_expression [(identifier) (field_access)] @match)])` +
				` (#match? @recv "(?i)^(?:this\\.)?_?(?:log|logger)$") (#match? @fn "^(?:trace|debug|info|warn|error|fatal)$")` + secretLogPreds + `)`,
			NeedlePattern: secretLogNeedles,
			Bad:           []string{"class A {\n  void login(String password) {\n    log.info(\"login {}\", «password»);\n    LOGGER.debug(\"pw \" + «password»);\n  }\n}\n"},
			Good:          []string{"class A {\n  void login(String password) {\n    log.info(\"login\");\n    log.info(\"len {}\", password.length());\n  }\n}\n"},
		},
		{Lang: engine.LangCSharp,
			Query: `(invocation_expression function: (member_access_expression expression: (_) @recv name: (identifier) @fn) arguments: (argument_list (argument [(identifier) (member_access_expression)] @match))` +
				` (#match? @recv "(?i)^_?(?:log|logger)$") (#match? @fn "^Log(?:Trace|Debug|Information|Warning|Error|Critical)$")` + secretLogPreds + `)`,
			NeedlePattern: secretLogNeedles,
			Bad:           []string{"class A {\n  void Login(string apiKey) {\n    _logger.LogInformation(\"key {Key}\", «apiKey»);\n  }\n}\n"},
			Good:          []string{"class A {\n  void Login(string apiKey, CancellationToken cancellationToken) {\n    _logger.LogInformation(\"login\");\n    _logger.LogDebug(\"c {C}\", cancellationToken);\n  }\n}\n"},
		},
	},
}

// jsSecretLogQuery: console's and a logger's calls in JavaScript and TypeScript.
const jsSecretLogQuery = `(call_expression function: (member_expression object: (_) @recv property: (property_identifier) @fn) arguments: (arguments [(identifier) @match (member_expression) @match (template_string (template_substitution [(identifier) (member_expression)] @match)) (object (shorthand_property_identifier) @match) (object (pair value: [(identifier) (member_expression)] @match))])` +
	` (#match? @recv "(?i)(?:^|\\.)_?(?:console|log|logger)$") (#match? @fn "^(?:log|info|warn|error|debug|trace)$")` + secretLogPreds + `)`
