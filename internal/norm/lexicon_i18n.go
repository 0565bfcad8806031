package norm

import (
	"strings"
	"sync"
)

// Rules in other languages' words, as data: the one place heed keeps words of a
// language other than English. A sentence in one of the languages below is read by
// glossing its words into English ones (gloss.go) and reading the gloss as any English
// sentence, held to the same certainty. A sentence in a language heed only recognises
// (cueOnly) is read for what it may say, but never with the certainty a block needs.
//
// A gloss table maps a lower-case phrase (words separated by spaces, CJK phrases as
// the tokenizer segments them) to the English it stands for. Verbs are listed once
// per language with their forms; the combinations a language builds around a verb
// ("ne lancez jamais", "benutze nicht", "no uses") are generated from them.

// languageWords is one language's words.
type languageWords struct {
	// cues are common words of the language (articles, prepositions, modal words):
	// enough of them, more than of English ones, say a sentence is in the language.
	cues []string
	// gloss: phrase -> English.
	gloss map[string]string
	// post: phrases that follow the object they govern (verb-final languages): the
	// English replaces "X", the object group just before the phrase ("`npm` を使わ
	// ないでください" -> "do not use `npm`").
	post map[string]string
	// final: phrases read as post ones when they end the sentence, and by gloss
	// elsewhere ("`rm -rf` 禁止。" is "`rm -rf` is forbidden", "禁止使用" is "never use").
	final map[string]string
	// verbs: English verb -> the forms an instruction uses (imperatives, infinitives,
	// the negative imperative's forms).
	verbs map[string][]string
	// negBefore: words that, before a verb form, negate it ("no" uses, "não" use);
	// negAfter: after it (benutze "nicht", lancez ... "jamais" is a frame below);
	// alwaysAfter: "always" after a verb (nutze "immer").
	negBefore, neverBefore, negAfter, neverAfter, alwaysAfter map[string]bool
	// frames: (prefix, suffix) around a verb form -> English with V for the verb
	// ("ne", "jamais" -> "never V").
	frames []verbFrame
}

type verbFrame struct{ before, after, english string }

// languages heed reads.
var languageTable = sync.OnceValue(func() map[string]languageWords {
	return map[string]languageWords{
		"es": spanish(), "pt": portuguese(), "fr": french(), "de": german(), "zh": chinese(), "ja": japanese(), "ru": russian(), "ko": korean(),
		"it": italian(),
	}
})

// cueOnly: languages heed recognises and has no lexicon for. A sentence in one of
// them never blocks.
var cueOnly = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"nl": {"de", "het", "een", "en", "niet", "nooit", "altijd", "gebruik", "voor", "na", "plaats", "met", "van", "is", "te", "voer", "uit", "geen", "moet", "alleen", "dit", "deze", "wordt", "zijn", "op"},
		"pl": {"nie", "nigdy", "zawsze", "używaj", "użyj", "przed", "po", "zamiast", "jest", "w", "z", "na", "i", "tylko", "uruchamiaj", "uruchom", "się", "nigdy", "należy", "trzeba", "oraz", "lub", "dla"},
		"tr": {"ve", "bir", "bu", "için", "asla", "her", "zaman", "kullanma", "kullan", "değil", "önce", "sonra", "yerine", "ile", "çalıştır", "çalıştırma"},
		"id": {"jangan", "selalu", "gunakan", "sebelum", "sesudah", "dan", "yang", "untuk", "dengan", "tidak", "harus", "menjalankan", "jalankan", "ini"},
		"sv": {"och", "att", "inte", "aldrig", "alltid", "använd", "innan", "efter", "istället", "för", "med", "är", "den", "det", "kör"},
	}
})

// englishCues are English words that say a sentence is in English.
var englishCues = sync.OnceValue(func() map[string]bool {
	return wordSet("the", "a", "an", "to", "of", "and", "or", "is", "are", "be", "in", "on", "for", "with", "this", "that",
		"you", "your", "it", "not", "do", "don't", "never", "always", "use", "run", "before", "after", "when", "if", "must",
		"should", "can", "instead", "only", "any", "all", "from", "by", "as", "at", "we", "our", "please", "make", "sure",
		"every", "each", "no", "than", "rather", "avoid", "using", "running", "commit", "push", "changes", "code", "files")
})

func wordSet(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

func spanish() languageWords {
	return languageWords{
		cues: []string{"el", "la", "los", "las", "de", "del", "que", "en", "y", "con", "para", "por", "nunca", "siempre",
			"antes", "después", "este", "esta", "es", "un", "una", "su", "tu", "se", "lugar", "vez", "hacer", "hagas", "está",
			"prohibido", "debes", "usa", "uses", "ejecuta", "ejecutes", "cada", "sin", "solo", "sólo", "evita", "desde", "rama", "cambios", "código"},
		verbs: map[string][]string{
			"run":        {"ejecuta", "ejecute", "ejecutar", "ejecutes", "corre", "correr", "lanza", "lanzar", "lances", "corras"},
			"use":        {"usa", "use", "usar", "uses", "utiliza", "utilice", "utilizar", "utilices", "emplea", "emplear"},
			"do":         {"haz", "haga", "hacer", "hagas"},
			"install":    {"instala", "instale", "instalar", "instales"},
			"edit":       {"edita", "edite", "editar", "edites", "modifica", "modifique", "modificar", "modifiques", "toca", "tocar", "toques"},
			"delete":     {"borra", "borre", "borrar", "borres", "elimina", "elimine", "eliminar", "elimines"},
			"commit":     {"commitea", "commitear", "commitees"},
			"push":       {"pushea", "pushear", "pushees"},
			"publish":    {"publica", "publicar", "publiques"},
			"add":        {"añade", "añadir", "añadas", "añades", "agrega", "agregar", "agregues", "agregas"},
			"create":     {"crea", "crear", "crees"},
			"update":     {"actualiza", "actualice", "actualizar", "actualices", "actualizas"},
			"change":     {"cambia", "cambie", "cambiar", "cambies", "cambias", "modificas"},
			"regenerate": {"regenera", "regenere", "regenerar", "regeneres"},
			"merge":      {"mergea", "mergear", "mergees", "fusiona", "fusionar", "fusiones"},
			"close":      {"cierra", "cerrar", "cierres"},
		},
		negBefore:   wordSet("no"),
		neverBefore: wordSet("nunca", "jamás", "jamas"),
		alwaysAfter: wordSet("siempre"),
		frames:      []verbFrame{{"está prohibido", "", "it is forbidden to V"}, {"es obligatorio", "", "you must V"}, {"no se debe", "", "do not V"}, {"se debe", "", "you must V"}, {"debes", "", "you must V"}, {"no debes", "", "you must not V"}, {"hay que", "", "you must V"}, {"evita", "", "avoid V"}, {"prohibido", "", "never V"}},
		gloss: map[string]string{
			"nunca": "never", "jamás": "never", "jamas": "never", "siempre": "always", "no": "not",
			"en lugar de": "instead of", "en vez de": "instead of", "antes de": "before", "después de": "after", "tras": "after",
			"antes de hacer commit": "before committing", "antes de hacer un commit": "before committing", "antes de cada commit": "before every commit",
			"antes de commitear": "before committing", "antes de confirmar": "before committing", "antes de subir": "before pushing",
			"antes de hacer push": "before pushing", "antes de cada push": "before every push", "antes de pushear": "before pushing",
			"antes de abrir un pull request": "before opening a pull request", "antes de abrir un pr": "before opening a pull request",
			"antes de crear un pull request": "before opening a pull request", "antes de crear un pr": "before opening a pull request",
			"antes de abrir una pr": "before opening a pull request", "antes de crear una pr": "before opening a pull request",
			"está prohibido": "is forbidden", "están prohibidos": "are forbidden", "están prohibidas": "are forbidden", "prohibido": "forbidden",
			"no está permitido": "is not allowed", "no usar": "don't use", "no usa": "don't use", "haz en su lugar": "do instead", "en su lugar": "instead",
			"debes": "you must", "debe": "must", "deben": "must", "hay que": "you must", "es obligatorio": "is required", "obligatorio": "required",
			"si es posible": "if possible", "cuando sea posible": "when possible", "en lo posible": "if possible", "preferiblemente": "preferably",
			"evita": "avoid", "evitar": "avoid", "evites": "avoid", "se recomienda": "it is recommended to", "deberías": "you should", "debería": "should",
			"solo": "only", "sólo": "only", "únicamente": "only", "excepto": "except", "salvo": "except", "a menos que": "unless",
			"puedes": "you may", "puede": "may", "pueden": "may", "se puede": "you may", "está permitido": "is allowed", "permitido": "allowed",
			"no es necesario": "you don't need to", "no hace falta": "you don't need to",
			"si hace falta": "if needed", "si es necesario": "if needed", "si fuera necesario": "if needed",
			// the words of style rules ("no inventes valores hex sueltos")
			"colores hexadecimales": "hex colors", "valores hex": "hex values", "valores hexadecimales": "hex values",
			"colores": "colors", "valores": "values", "componentes": "components", "nuevos": "new", "nuevas": "new", "definidos": "defined", "definidas": "defined",
			"dentro de": "inside", "dentro del": "inside the", "dentro de la": "inside the", "fuera de": "outside", "bajo": "under",
			"cuando": "when", "si": "if", "sin": "without", "y": "and", "o": "or", "ni": "or", "con": "with", "el": "the", "la": "the", "los": "the",
			"las": "the", "un": "a", "una": "a", "de": "of", "del": "of the", "en": "in", "para": "to", "por": "by", "este": "this",
			"esta": "this", "tu": "your", "su": "its", "que": "that", "durante": "during", "cada": "each", "a mano": "by hand",
			"manualmente": "manually", "es": "is", "son": "are", "a": "to", "al": "to the", "como": "as", "usa siempre": "always use",
			"ejecuta siempre": "always run", "desde": "from", "rama": "branch", "rama principal": "main branch", "etiquetas": "tags",
			"también": "also", "migración": "migration", "migraciones": "migrations", "nueva": "new", "nuevo": "new",
			"código de producción": "production code", "el código de producción": "production code", "en producción": "in production",
			"en el código de producción": "in production code",
			"código de la aplicación":    "application code", "el código de la aplicación": "application code",
			"en el código de la aplicación": "in application code", "aplicación": "application", "módulo": "module",
			"producción": "production",
			"paquete":    "package", "paquetes": "packages", "el paquete": "the package", "en npm": "to npm", "en pypi": "to pypi", "en crates.io": "to crates.io",
			// "lo hace el pipeline": who does it instead, a description
			"lo hace": "that is the job of", "se encarga": "that is the job of", "tú mismo": "yourself", "usted mismo": "yourself",
			"cambios": "changes", "código": "code", "dependencias": "dependencies", "pruebas": "tests", "tests": "tests", "hagas commit": "commit",
			// names of files and folders, for the naming conventions
			"nombres de archivos": "file names", "nombres de archivo": "file names", "nombre de archivo": "file name", "nombres de ficheros": "file names",
			"archivos": "files", "archivo": "file", "ficheros": "files", "carpetas": "folders", "carpeta": "folder", "directorios": "directories",
			"nombres de carpetas": "directory names", "nombres de directorios": "directory names", "van en": "are in", "va en": "is in",
			"se escriben en": "are written in", "se nombran en": "are named in", "en minúsculas con guiones": "lowercase with dashes",
		},
	}
}

func portuguese() languageWords {
	return languageWords{
		cues: []string{"o", "os", "as", "do", "da", "dos", "das", "em", "que", "não", "nunca", "sempre", "antes", "de", "um", "uma",
			"para", "com", "é", "proibido", "rode", "execute", "vez", "fazer", "faça", "você", "deve", "isso", "no", "na", "sem",
			"apenas", "somente", "evite", "possível", "se", "ao", "cada"},
		verbs: map[string][]string{
			"run":     {"rode", "rodar", "execute", "executar", "executa", "roda", "rodes", "executes"},
			"use":     {"use", "usar", "usa", "utilize", "utilizar", "utiliza", "uses", "utilizes"},
			"do":      {"faça", "fazer", "faz", "faças"},
			"install": {"instale", "instalar", "instala"},
			"edit":    {"edite", "editar", "edita", "modifique", "modificar", "altere", "alterar"},
			"delete":  {"apague", "apagar", "remova", "remover", "exclua", "excluir"},
			"commit":  {"commite", "commitar", "comite", "comitar"},
			"publish": {"publique", "publicar"},
			"add":     {"adicione", "adicionar"},
			"create":  {"crie", "criar"},
		},
		negBefore:   wordSet("não", "nao"),
		neverBefore: wordSet("nunca", "jamais"),
		alwaysAfter: wordSet("sempre"),
		frames:      []verbFrame{{"é proibido", "", "it is forbidden to V"}, {"é obrigatório", "", "you must V"}, {"você deve", "", "you must V"}, {"você não deve", "", "you must not V"}, {"não se deve", "", "do not V"}, {"deve-se", "", "you must V"}, {"evite", "", "avoid V"}},
		gloss: map[string]string{
			"nunca": "never", "jamais": "never", "sempre": "always", "não": "not", "nao": "not",
			"código de produção": "production code", "o código de produção": "production code", "em produção": "in production",
			"no código de produção": "in production code", "código": "code", "produção": "production",
			"código da aplicação": "application code", "o código da aplicação": "application code",
			"no código da aplicação": "in application code", "aplicação": "application", "módulo": "module",
			"em vez de": "instead of", "ao invés de": "instead of", "em lugar de": "instead of", "no lugar de": "instead of",
			"antes de": "before", "depois de": "after", "após": "after",
			"antes de fazer commit": "before committing", "antes de commitar": "before committing", "antes de cada commit": "before every commit",
			"antes de fazer um commit": "before committing", "antes de comitar": "before committing",
			"antes de confirmar": "before committing", "antes de confirmar mudanças": "before committing", "antes de confirmar as mudanças": "before committing",
			"antes de fazer push": "before pushing", "antes de cada push": "before every push", "antes de enviar": "before pushing",
			"antes de abrir um pr": "before opening a pull request", "antes de abrir um pull request": "before opening a pull request",
			"antes de criar um pr": "before opening a pull request", "antes de criar um pull request": "before opening a pull request",
			"antes de abrir uma pr": "before opening a pull request", "antes de abrir o pr": "before opening a pull request",
			"é proibido": "is forbidden", "são proibidos": "are forbidden", "proibido": "forbidden", "não é permitido": "is not allowed",
			"você deve": "you must", "deve": "must", "devem": "must", "é obrigatório": "is required", "obrigatório": "required",
			"se possível": "if possible", "sempre que possível": "whenever possible", "quando possível": "when possible", "de preferência": "preferably",
			"evite": "avoid", "evitar": "avoid", "recomenda-se": "it is recommended to", "deveria": "should",
			"apenas": "only", "somente": "only", "só": "only", "exceto": "except", "a menos que": "unless", "quando": "when", "se": "if",
			"você pode": "you may", "pode": "may", "podem": "may", "pode-se": "you may", "é permitido": "is allowed", "permitido": "allowed",
			"não é necessário": "you don't need to", "não precisa": "you don't need to",
			"dentro de": "inside", "dentro do": "inside the", "dentro da": "inside the", "fora de": "outside", "sem": "without", "e": "and", "ou": "or", "nem": "or", "com": "with", "o": "the", "a": "the", "os": "the", "as": "the", "um": "a", "uma": "a",
			"do": "of the", "da": "of the", "dos": "of the", "das": "of the", "de": "of", "no": "in the", "na": "in the", "nos": "in the",
			"nas": "in the", "em": "in", "para": "to", "por": "by", "este": "this", "esta": "this", "isso": "this", "isto": "this",
			"seu": "your", "sua": "your", "que": "that", "durante": "during", "cada": "each", "à mão": "by hand", "manualmente": "manually",
			// names of files and folders, for the naming conventions
			"nomes de arquivos": "file names", "nomes de arquivo": "file names", "nome de arquivo": "file name", "arquivos": "files", "arquivo": "file",
			"pastas": "folders", "pasta": "folder", "diretórios": "directories", "nomes de pastas": "directory names", "nomes de diretórios": "directory names",
			"são escritos em": "are written in", "ficam em": "are in", "em minúsculas com hífens": "lowercase with dashes",
			"é": "is", "são": "are", "ao": "to the", "como": "as", "apaga": "deletes", "branch principal": "main branch",
		},
	}
}

func french() languageWords {
	return languageWords{
		cues: []string{"le", "la", "les", "de", "des", "du", "un", "une", "et", "est", "pas", "ne", "jamais", "toujours", "avant",
			"après", "au", "lieu", "utilisez", "lancez", "chaque", "il", "interdit", "dans", "pour", "sur", "avec", "vous", "à",
			"sauf", "sans", "évitez", "possible", "exécutez", "faites", "ce", "cette", "nous", "n", "d", "l"},
		verbs: map[string][]string{
			"run":        {"lancez", "lancer", "lance", "exécutez", "exécuter", "exécute", "executez", "executer"},
			"use":        {"utilisez", "utiliser", "utilise", "employez", "employer"},
			"do":         {"faites", "faire", "fais"},
			"install":    {"installez", "installer", "installe"},
			"edit":       {"modifiez", "modifier", "modifie", "éditez", "éditer", "touchez", "toucher"},
			"delete":     {"supprimez", "supprimer", "supprime", "effacez", "effacer"},
			"commit":     {"committez", "committer", "commitez", "commiter"},
			"push":       {"poussez", "pousser", "pushez", "pusher"},
			"publish":    {"publiez", "publier"},
			"add":        {"ajoutez", "ajouter", "ajoutez-la", "ajoutez-le", "ajoutez-les"},
			"create":     {"créez", "créer"},
			"test":       {"testez", "tester", "teste"},
			"update":     {"mettez à jour", "mettre à jour", "mets à jour", "actualisez"},
			"change":     {"changez", "changer", "change"},
			"regenerate": {"régénérez", "régénérer", "regénérez"},
			"merge":      {"fusionnez", "fusionner", "mergez", "merger"},
			"close":      {"fermez", "fermer"},
		},
		frames: []verbFrame{{"ne", "jamais", "never V"}, {"ne", "pas", "do not V"}, {"ne jamais", "", "never V"}, {"ne pas", "", "do not V"},
			{"il est interdit de", "", "it is forbidden to V"}, {"il ne faut pas", "", "do not V"}, {"il ne faut jamais", "", "never V"},
			{"il faut", "", "you must V"}, {"vous devez", "", "you must V"}, {"vous ne devez pas", "", "you must not V"},
			{"vous ne devez jamais", "", "you must never V"}, {"évitez de", "", "avoid V"}, {"merci de", "", "please V"},
			{"", "toujours", "always V"}},
		gloss: map[string]string{
			"jamais": "never", "toujours": "always", "pas": "not",
			"le code de production": "production code", "code de production": "production code", "en production": "in production",
			"aussi": "also", "également": "also", "nouvelle": "new", "nouveau": "new", "nouveaux": "new", "nouvelles": "new",
			"au lieu de": "instead of", "plutôt que": "rather than", "à la place de": "instead of", "à la place": "instead",
			"avant de": "before", "avant": "before", "après": "after",
			"avant de committer": "before committing", "avant de commiter": "before committing", "avant chaque commit": "before every commit",
			"avant tout commit": "before every commit", "avant de faire un commit": "before committing", "avant de valider": "before committing",
			"avant de pousser": "before pushing", "avant chaque push": "before every push", "avant de faire un push": "before pushing", "avant de pusher": "before pushing",
			"avant de ouvrir une pr": "before opening a pull request", "avant de ouvrir une pull request": "before opening a pull request",
			"avant de créer une pr": "before opening a pull request", "avant de créer une pull request": "before opening a pull request",
			"avant de soumettre une pr": "before opening a pull request",
			"il est interdit de":        "it is forbidden to", "est interdit": "is forbidden", "sont interdits": "are forbidden", "interdit": "forbidden",
			"n'est pas autorisé": "is not allowed", "vous devez": "you must", "doit": "must", "doivent": "must", "il faut": "you must",
			"obligatoire": "required", "dans la mesure du possible": "if possible", "si possible": "if possible", "autant que possible": "as much as possible",
			"de préférence": "preferably", "évitez": "avoid", "éviter": "avoid", "il est recommandé de": "it is recommended to", "devriez": "should",
			"uniquement": "only", "seulement": "only", "sauf": "except", "à moins que": "unless", "quand": "when", "lorsque": "when", "si": "if",
			"vous pouvez": "you may", "pouvez": "may", "peut": "may", "on peut": "you may", "est autorisé": "is allowed", "autorisé": "allowed",
			"il n'est pas nécessaire de": "you don't need to", "pas besoin de": "no need to",
			"sans": "without", "et": "and", "ou": "or", "avec": "with", "le": "the", "la": "the", "les": "the", "un": "a", "une": "a",
			"de": "of", "des": "of the", "du": "of the", "dans": "in", "sur": "on", "pour": "to", "par": "by", "ce": "this", "cette": "this",
			"votre": "your", "vos": "your", "que": "that", "pendant": "during", "chaque": "each", "à la main": "by hand", "manuellement": "manually",
			"est": "is", "sont": "are", "à": "to", "au": "to the", "comme": "as", "ne": "", "utilisez plutôt": "use instead", "branche principale": "main branch", "vous-même": "yourself", "vous-mêmes": "yourself",
		},
	}
}

func german() languageWords {
	return languageWords{
		cues: []string{"der", "die", "das", "den", "dem", "des", "und", "ist", "nicht", "nie", "niemals", "immer", "vor", "nach",
			"statt", "anstatt", "verwende", "benutze", "nutze", "führe", "aus", "kein", "keine", "es", "zu", "mit", "für", "jedem",
			"bitte", "sondern", "muss", "verboten", "sie", "du", "ein", "eine", "wenn", "möglich", "vermeide", "auf", "im"},
		verbs: map[string][]string{
			"run":     {"führe", "führen", "ausführen", "auszuführen", "starte", "starten", "laufen", "lass", "lasse"},
			"use":     {"verwende", "verwenden", "benutze", "benutzen", "nutze", "nutzen", "zu verwenden", "zu benutzen", "zu nutzen"},
			"install": {"installiere", "installieren"},
			"edit":    {"bearbeite", "bearbeiten", "ändere", "ändern", "editiere", "editieren"},
			"delete":  {"lösche", "löschen", "entferne", "entfernen"},
			"commit":  {"committe", "committen", "comitte"},
			"push":    {"pushe", "pushen"},
			"publish": {"veröffentliche", "veröffentlichen"},
			"add":     {"füge", "hinzufügen"},
			"create":  {"erstelle", "erstellen"},
			"merge":   {"merge", "mergen", "merged"},
			"close":   {"schließe", "schließen"},
		},
		// an infinitive that ends the sentence follows its object: "immer `buf
		// generate` ausführen" is "always run `buf generate`"
		final: map[string]string{"ausführen": "run X", "verwenden": "use X", "benutzen": "use X", "nutzen": "use X", "mergen": "merge X", "löschen": "delete X", "schließen": "close X", "veröffentlichen": "publish X"},
		// a verb at the end of its clause follows its object: "`next lint` nicht verwenden"
		post: map[string]string{
			"nicht verwenden": "do not use X", "nicht benutzen": "do not use X", "nicht nutzen": "do not use X",
			"niemals verwenden": "never use X", "nie verwenden": "never use X", "niemals benutzen": "never use X",
			"nicht ausführen": "do not run X", "niemals ausführen": "never run X", "nicht laufen lassen": "do not run X",
			"nicht committen": "do not commit X", "nicht einchecken": "do not commit X",
		},
		negAfter:    wordSet("nicht"),
		neverAfter:  wordSet("niemals", "nie"),
		alwaysAfter: wordSet("immer", "stets"),
		frames:      []verbFrame{{"vermeide", "", "avoid V"}, {"bitte", "", "please V"}},
		gloss: map[string]string{
			"niemals": "never", "nie": "never", "immer": "always", "stets": "always", "nicht": "not",
			"commit-nachrichten": "commit messages", "commit-nachricht": "commit message", "commit-meldungen": "commit messages",
			"commit-messages": "commit messages", "folgen": "follow", "folgt": "follows", "befolgen": "follow",
			"im produktionscode": "in production code", "produktionscode": "production code", "in produktion": "in production",
			"statt": "instead of", "anstatt": "instead of", "anstelle von": "instead of", "vor": "before", "nach": "after",
			"vor dem commit": "before committing", "vor jedem commit": "before every commit", "vor einem commit": "before committing",
			"vor dem committen": "before committing", "bevor du committest": "before committing", "bevor du commitest": "before committing",
			"vor dem push": "before pushing", "vor jedem push": "before every push", "vor dem pushen": "before pushing", "bevor du pushst": "before pushing",
			"vor dem erstellen eines pull requests": "before opening a pull request", "vor jedem pull request": "before every pull request",
			"bevor du einen pr öffnest": "before opening a pull request", "bevor du einen pull request öffnest": "before opening a pull request",
			"vor dem öffnen eines pr": "before opening a pull request", "vor dem öffnen eines pull requests": "before opening a pull request",
			"es ist verboten ,": "it is forbidden to", "es ist verboten": "it is forbidden", "ist verboten": "is forbidden", "sind verboten": "are forbidden",
			"verboten": "forbidden", "ist nicht erlaubt": "is not allowed", "muss": "must", "müssen": "must", "musst": "must", "darf nicht": "must not",
			"darf nichts": "must not", "dürfen nichts": "must not", "importieren": "import",
			"dürfen nicht": "must not", "darfst nicht": "must not", "darf nie": "must never", "sollte": "should", "solltest": "should", "sollten": "should",
			"sollte nicht": "should not", "vermeide": "avoid", "vermeiden": "avoid", "nach möglichkeit": "if possible", "wenn möglich": "if possible",
			"möglichst": "preferably", "nur": "only", "außer": "except", "es sei denn": "unless", "wenn": "when", "falls": "if", "ohne": "without",
			"darf": "may", "darfst": "may", "dürfen": "may", "kannst": "can", "kann": "can", "ist erlaubt": "is allowed", "erlaubt": "allowed",
			"musst nicht": "you don't need to", "muss nicht": "don't need to",
			"und": "and", "oder": "or", "mit": "with", "der": "the", "die": "the", "das": "the", "den": "the", "dem": "the", "des": "of the",
			"ein": "a", "eine": "a", "einen": "a", "einem": "a", "kein": "no", "keine": "no", "keinen": "no", "im": "in the", "in": "in",
			"für": "for", "von": "of", "auf": "on", "zu": "to", "sondern": "use", "bitte": "please", "du": "you", "sie": "you", "es": "it",
			"ist": "is", "sind": "are", "jeder": "every", "jedem": "every", "jede": "every", "aus": "", "hand": "hand", "von hand": "by hand",
			"zu verwenden": "use", "zu benutzen": "use", "auszuführen": "run", "laufen": "run", "ausführen": "run", "hauptbranch": "main branch", "ordner": "folder", "im ordner": "in the folder", "verzeichnis": "directory", "im verzeichnis": "in the directory", "selbst": "yourself", "selber": "yourself",
			// "nach Änderungen an `.proto`-Dateien": after changes to .proto files
			"änderungen an": "changes to", "erfordern": "require", "erfordert": "requires", "brauchen": "need", "braucht": "needs",
			"einen eintrag in": "an entry in", "eintrag in": "entry in", "eintrag": "entry", "änderungen": "changes", "dateien": "files", "-dateien": "files", "datei": "file", "-datei": "file",
		},
	}
}

func chinese() languageWords {
	return languageWords{
		final: map[string]string{"禁止": "X is forbidden", "严禁": "X is forbidden", "不允许": "X is not allowed"},
		gloss: map[string]string{
			// layers: "`domain` 层不能依赖 `infrastructure` 层"
			"不能依赖": "must not depend on", "不得依赖": "must not depend on", "禁止依赖": "must not depend on",
			"不应依赖": "should not depend on", "不应该依赖": "should not depend on", "不可依赖": "must not depend on", "层": "",
			"不要": "do not", "请勿": "do not", "切勿": "never", "禁止": "never", "严禁": "never", "不得": "must not", "不允许": "never",
			"不能": "must not", "绝不": "never", "绝对不要": "never", "永远不要": "never", "别": "do not", "不可": "must not", "不准": "never",
			"必须": "must", "务必": "always", "请务必": "always", "一定要": "always", "总是": "always", "始终": "always", "需要": "must",
			"应该": "should", "应": "should", "应当": "should", "不应": "should not", "不应该": "should not", "建议": "we recommend",
			"不建议": "we recommend against", "不推荐": "we recommend against", "推荐": "prefer", "优先": "prefer", "优先使用": "prefer",
			"使用": "use", "用": "use", "采用": "use", "请使用": "use", "改用": "use", "运行": "run", "执行": "run", "跑": "run",
			"请先运行": ", run", "先运行": ", run", "请运行": ", run", "请执行": ", run", "调用": "call",
			"提交": "commit", "推送": "push", "安装": "install", "修改": "edit", "编辑": "edit", "删除": "delete", "创建": "create", "添加": "add",
			"而不是": "instead of", "而非": "instead of", "代替": "instead of", "替代": "instead of", "不是": "not",
			"提交前": "before committing", "提交之前": "before committing", "在提交之前": "before committing", "在提交前": "before committing",
			"提交代码前": "before committing", "提交代码之前": "before committing", "在提交代码之前": "before committing", "在提交代码前": "before committing",
			"每次提交前": "before every commit", "每次提交之前": "before every commit", "commit 前": "before committing", "commit 之前": "before committing",
			"推送前": "before pushing", "推送之前": "before pushing", "在推送之前": "before pushing", "在推送前": "before pushing", "push 前": "before pushing",
			"push 之前": "before pushing", "每次推送前": "before every push",
			"创建 pr 前": "before opening a pull request", "提交 pr 前": "before opening a pull request", "在创建 pr 之前": "before opening a pull request",
			"提交 pr 之前": "before opening a pull request", "创建 pr 之前": "before opening a pull request", "发起 pr 前": "before opening a pull request",
			"在提交 pr 之前": "before opening a pull request", "合并前": "before merging",
			"尽量": "if possible ,", "尽可能": "if possible ,", "如有可能": "if possible ,", "如果可能": "if possible ,", "避免": "avoid", "避免使用": "avoid using",
			"只": "only", "仅": "only", "只能": "only", "只使用": "only use", "仅使用": "only use", "除非": "unless", "除了": "except",
			"可以": "may", "你可以": "you may", "允许": "allowed", "无需": "no need to", "不需要": "no need to", "不必": "no need to", "来": "to", "测试": "tests",
			"如果": "if", "若": "if", "和": "and", "与": "and", "及": "and", "或": "or", "或者": "or", "请": "please", "先": "first",
			"跳过": "skip", "钩子": "hooks", "依赖": "dependencies", "安装依赖": "to install dependencies", "代码": "code", "命令": "command",
			// nouns a name in front of them qualifies ("Web/Electron/API 入口" is entry
			// points, not Electron)
			"未经": "without", "未经允许": "without permission", "未经同意": "without approval", "未经批准": "without approval",
			"未经授权": "without authorization", "未经明确授权": "without explicit authorization", "未经用户同意": "without the user's approval",
			"未经用户明确同意": "without the user's explicit approval", "未经用户允许": "without the user's permission",
			"入口": "entry points", "页面": "pages", "接口": "APIs", "模块": "modules", "按钮": "buttons", "功能": "features",
			"必须 和 CODE 同步维护": "must be kept in sync with CODE", "必须 与 CODE 同步维护": "must be kept in sync with CODE",
			"必须 和 CODE 保持同步": "must be kept in sync with CODE", "必须 与 CODE 保持同步": "must be kept in sync with CODE",
			"必须 和 CODE 同步更新": "must be kept in sync with CODE", "必须 与 CODE 同步更新": "must be kept in sync with CODE",
			"需要 和 CODE 同步更新": "must be kept in sync with CODE", "需要 与 CODE 同步更新": "must be kept in sync with CODE",
			"依次": "", "按顺序": "", "目录下": "folder", "目录": "folder", "时才": "when", "的时候": "when", "否则": "otherwise",
			"替代方案": "alternative", "规范": "conventions", "提交规范": "commits", "的": "", "在": "in", "时": "when",
			// files changed together: "修改 `X` 时，必须同时更新 `Y`"
			// approval: "除非开发者明确要求，AI 不得主动执行：" (unless the developer
			// explicitly asks, the AI must not run:)
			"开发者明确要求": "the developer explicitly asks", "用户明确要求": "the user explicitly asks",
			"明确要求": "explicitly asks", "明确同意": "explicitly approves", "开发者": "the developer", "用户": "the user",
			"主动": "",
			"更新": "update", "同时": "also", "同时更新": "also update", "也要更新": "also update", "一并更新": "also update",
			"一起更新": "also update", "也更新": "also update", "重新生成": "regenerate", "新增": "add", "变更": "change",
		},
	}
}

func japanese() languageWords {
	return languageWords{
		final: map[string]string{"禁止": "X is forbidden", "禁止です": "X is forbidden"},
		gloss: map[string]string{
			"必ず": "always", "常に": "always", "絶対に": "", "禁止": "never", "禁止です": "is forbidden", "は禁止です": "is forbidden",
			"は禁止": "is forbidden", "の使用は禁止です": "is forbidden", "の使用禁止": "is forbidden", "は使用禁止": "is forbidden",
			"代わりに": "instead ,", "できるだけ": "if possible ,", "なるべく": "if possible ,", "可能な限り": "if possible ,", "可能であれば": "if possible ,",
			"コミット前に": "before committing ,", "コミットする前に": "before committing ,", "コミットの前に": "before committing ,", "コミット前": "before committing ,",
			"commit 前に": "before committing ,", "commit する前に": "before committing ,",
			"プッシュ前に": "before pushing ,", "プッシュする前に": "before pushing ,", "push する前に": "before pushing ,", "push 前に": "before pushing ,",
			"pr を作成する前に": "before opening a pull request ,", "pr を出す前に": "before opening a pull request ,", "pr 作成前に": "before opening a pull request ,",
			"プルリクエストを作成する前に": "before opening a pull request ,", "pr を作る前に": "before opening a pull request ,", "pr を開く前に": "before opening a pull request ,",
			"してもよい": "may", "しても構いません": "may", "してもいいです": "may", "可能です": "may", "不要です": "no need", "必要はありません": "no need",
			"マージ前に": "before merging ,", "場合": "when", "場合は": "when", "とき": "when", "時": "when", "ない限り": "unless",
			"本番環境": "production", "のチェック": "checks", "のみ": "only", "だけ": "only", "除いて": "except", "以外": "except",
			"を": "", "は": "", "が": "", "で": "", "に": "", "も": "", "と": "and", "や": "and", "または": "or", "か": "or",
			"してください": "", "すること": "", "します": "", "ください": "", "こと": "",
			"使用": "use", "使う": "use", "実行": "run", "コミット": "commit", "プッシュ": "push",
			// layers: "`domain` 層は `infrastructure` 層に依存してはならない"
			"層": "", "レイヤー": "", "から": "from", "依存": "depend on", "インポート": "import",
			"してはならない": "must not", "してはいけない": "must not",
			// the topic before the span is the subject: "`a` は `b` に依存しない"
			"は CODE に依存してはならない": "must not depend on CODE", "は CODE 層に依存してはならない": "must not depend on CODE",
			"は CODE に依存してはいけない": "must not depend on CODE", "は CODE 層に依存してはいけない": "must not depend on CODE",
			"は CODE に依存しないこと": "must not depend on CODE", "は CODE 層に依存しないこと": "must not depend on CODE",
			"は CODE に依存しない": "must not depend on CODE", "は CODE 層に依存しない": "must not depend on CODE",
			"は CODE をインポートしてはならない": "must not import CODE", "は CODE をインポートしないこと": "must not import CODE",
		},
		post: map[string]string{
			"を使わないでください": "do not use X", "は使わないでください": "do not use X", "を使用しないでください": "do not use X",
			"は使用しないでください": "do not use X", "を使わない": "do not use X", "は使わない": "do not use X", "を使用しない": "do not use X",
			"は使用しない": "do not use X", "を使わないこと": "do not use X", "を使用しないこと": "do not use X", "は使わないこと": "do not use X",
			"を実行しないでください": "do not run X", "は実行しないでください": "do not run X", "を実行しない": "do not run X",
			"を実行しないこと": "do not run X", "は実行しないこと": "do not run X", "は実行しない": "do not run X",
			"を実行してください": "run X", "を実行すること": "run X", "を実行する": "run X", "を実行します": "run X", "を走らせてください": "run X",
			"を使ってください": "use X", "を使用してください": "use X", "を使用すること": "use X", "を使うこと": "use X", "を使う": "use X",
			"を使用する": "use X", "を利用してください": "use X", "を利用すること": "use X",
			"は避けてください": "avoid X", "を避けてください": "avoid X", "を避ける": "avoid X", "は避ける": "avoid X", "を避けること": "avoid X",
			"ではなく": "instead of X ,", "でなく": "instead of X ,", "の代わりに": "instead of X ,",
			// files changed together: "`X` を変更した場合は、`Y` も更新してください"
			"を変更した場合は": "when you change X ,", "を変更する場合は": "when you change X ,", "を変更したら": "when you change X ,",
			"を変更するときは": "when you change X ,", "を追加した場合は": "when you add X ,", "を追加する場合は": "when you add X ,",
			"を追加したら": "when you add X ,", "も更新してください": "also update X", "を更新してください": "update X",
			"も更新すること": "also update X", "を更新すること": "update X", "も更新する": "also update X",
			"しないでください": "do not X", "しないこと": "do not X", "しない": "do not X", "してください": "run X",
			"に依存してはならない": "must not depend on X", "に依存してはいけない": "must not depend on X",
			"に依存しないこと": "must not depend on X", "に依存しないでください": "must not depend on X", "に依存しない": "must not depend on X",
			"層に依存してはならない": "must not depend on X", "層に依存してはいけない": "must not depend on X", "層に依存しないこと": "must not depend on X",
			"をインポートしてはならない": "must not import X", "をインポートしないでください": "do not import X", "をインポートしないこと": "do not import X",
		},
	}
}

// glossEntry is one phrase of a language's gloss, tokenized.
type glossEntry struct {
	words   []string
	english string
	post    bool
	// final: the phrase reads as english, a post phrase, only at the end of its
	// sentence; elsewhere as other, its gloss
	final bool
	other string
}

// glossIndex: a language's phrases by first word, longest first, with the verb
// combinations generated.
var glossIndex = sync.OnceValue(func() map[string]map[string][]glossEntry {
	out := map[string]map[string][]glossEntry{}
	for lang, lw := range languageTable() {
		all := map[string]glossEntry{}
		add := func(phrase, english string, post bool) {
			ws := strings.Fields(phrase)
			for i, w := range ws {
				if w != "CODE" { // a code span's place
					ws[i] = strings.ToLower(w)
				}
			}
			if len(ws) == 0 {
				return
			}
			key := strings.Join(ws, " ")
			all[key] = glossEntry{words: ws, english: english, post: post}
		}
		for verb, forms := range lw.verbs {
			for _, f := range forms {
				add(f, verb, false)
				for w := range lw.negBefore {
					add(w+" "+f, "do not "+verb, false)
				}
				for w := range lw.neverBefore {
					add(w+" "+f, "never "+verb, false)
				}
				for w := range lw.negAfter {
					add(f+" "+w, "do not "+verb, false)
				}
				for w := range lw.neverAfter {
					add(f+" "+w, "never "+verb, false)
				}
				for w := range lw.alwaysAfter {
					add(f+" "+w, "always "+verb, false)
				}
				for _, fr := range lw.frames {
					add(strings.TrimSpace(fr.before+" "+f+" "+fr.after), strings.ReplaceAll(fr.english, "V", verb), false)
				}
			}
		}
		// the phrases of the table win over the combinations generated
		for p, e := range lw.gloss {
			add(p, e, false)
		}
		for p, e := range lw.post {
			add(p, e, true)
		}
		for p, e := range lw.final {
			ws := strings.Fields(strings.ToLower(p))
			key := strings.Join(ws, " ")
			all[key] = glossEntry{words: ws, english: e, post: true, final: true, other: all[key].english}
		}
		byFirst := map[string][]glossEntry{}
		for _, e := range all {
			byFirst[e.words[0]] = append(byFirst[e.words[0]], e)
		}
		for k, es := range byFirst {
			sortEntries(es)
			byFirst[k] = es
		}
		out[lang] = byFirst
	}
	return out
})

func sortEntries(es []glossEntry) {
	// longest first; equal lengths by their words, for a stable order
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && entryBefore(es[j], es[j-1]); j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
}

func entryBefore(a, b glossEntry) bool {
	if len(a.words) != len(b.words) {
		return len(a.words) > len(b.words)
	}
	return strings.Join(a.words, " ") < strings.Join(b.words, " ")
}

// cjkWords are the words the tokenizer cuts a run of Chinese or Japanese characters
// into: every CJK word of the gloss tables, by first rune, longest first.
var cjkWords = sync.OnceValue(func() map[rune][]string {
	seen := map[string]bool{}
	m := map[rune][]string{}
	for _, lang := range []string{"zh", "ja", "ko"} {
		lw := languageTable()[lang]
		for _, table := range []map[string]string{lw.gloss, lw.post, lw.final} {
			for p := range table {
				for _, w := range strings.Fields(p) {
					if !hasCJK(w) || seen[w] {
						continue
					}
					seen[w] = true
					r := []rune(w)[0]
					m[r] = append(m[r], w)
				}
			}
		}
	}
	for r, ws := range m {
		for i := 1; i < len(ws); i++ {
			for j := i; j > 0 && (len(ws[j]) > len(ws[j-1]) || len(ws[j]) == len(ws[j-1]) && ws[j] < ws[j-1]); j-- {
				ws[j], ws[j-1] = ws[j-1], ws[j]
			}
		}
		m[r] = ws
	}
	return m
})

func russian() languageWords {
	return languageWords{
		verbs: map[string][]string{
			"run":    {"запускайте", "запускай", "запустите", "запусти", "запускать", "выполняйте", "выполняй", "выполните", "выполнить"},
			"use":    {"используйте", "используй", "использовать", "применяйте"},
			"commit": {"коммитьте", "коммитить", "закоммитьте"},
			"push":   {"пушьте", "пушить", "запушьте"},
			"edit":   {"редактируйте", "редактировать", "изменяйте", "изменять", "меняйте"},
			"delete": {"удаляйте", "удалять", "удалите"},
			"create": {"создавайте", "создайте", "создай", "создавать", "открывайте", "откройте"},
			"merge":  {"объединяйте", "мержите", "сливайте", "мерджите", "объединять"},
		},
		negBefore:   wordSet("не"),
		neverBefore: wordSet("никогда"),
		alwaysAfter: wordSet("всегда"),
		gloss: map[string]string{
			"никогда": "never", "никогда не": "never", "не": "not", "нельзя": "must not", "запрещено": "it is forbidden to",
			"всегда": "always", "вместо": "instead of", "перед": "before", "после": "after",
			"перед коммитом": "before committing", "перед каждым коммитом": "before every commit", "перед пушем": "before pushing",
			"перед каждым пушем": "before every push", "перед созданием pr": "before opening a pull request",
			"перед созданием пулл-реквеста": "before opening a pull request", "должны": "must", "нужно": "you must", "необходимо": "you must",
			"следует": "should", "не следует": "should not", "избегайте": "avoid", "по возможности": "if possible", "только": "only",
			"pr": "a pr", "пулл-реквест": "a pull request", "выполняйте commit": "commit", "делайте commit": "commit", "делайте коммит": "commit", "коммит": "commit", "ветку": "the branch",
			"ветки": "branches", "явного": "explicit", "явное": "explicit", "согласия": "consent", "пользователя": "of the user",
			"ради": "for", "публикации": "publication", "от имени": "on behalf of", "если он явно не поручил": "unless explicitly asked to",
			"если пользователь явно не попросил": "unless the user explicitly asked", "если явно не попросили": "unless explicitly asked",
			"новую ветку": "a new branch", "новую": "new", "с префиксом": "with the prefix", "префиксом": "prefix",
			"кроме": "except", "если": "if", "когда": "when", "без": "without", "и": "and", "или": "or", "в": "in", "с": "with",
		},
	}
}

func korean() languageWords {
	return languageWords{
		final: map[string]string{"금지": "X is forbidden", "금지입니다": "X is forbidden", "금지합니다": "X is forbidden"},
		gloss: map[string]string{
			"반드시": "always", "항상": "always", "꼭": "always", "절대": "", "절대로": "", "금지": "never",
			"커밋 전에": "before committing ,", "커밋하기 전에": "before committing ,", "커밋 전": "before committing ,",
			"푸시 전에": "before pushing ,", "푸시하기 전에": "before pushing ,", "push 전에": "before pushing ,",
			"pr 을 올리기 전에": "before opening a pull request ,", "pr 를 올리기 전에": "before opening a pull request ,",
			"pr 생성 전에": "before opening a pull request ,", "pr 을 만들기 전에": "before opening a pull request ,",
			"가능하면": "if possible ,", "가능한 한": "if possible ,", "되도록": "if possible ,", "경우": "when", "경우에는": "when",
			"때": "when", "때만": "only when", "않는 한": "unless", "없이": "without", "만": "only", "제외하고": "except", "및": "and",
			"또는": "or", "를": "", "을": "", "은": "", "는": "", "이": "", "가": "", "에": "", "에서": "in", "의": "", "와": "and",
			"과": "and", "도": "",
		},
		post: map[string]string{
			"를 실행하지 마세요": "do not run X", "을 실행하지 마세요": "do not run X", "실행하지 마세요": "do not run X",
			"를 실행하지 마십시오": "do not run X", "을 실행하지 마십시오": "do not run X", "를 실행하지 말 것": "do not run X",
			"를 사용하지 마세요": "do not use X", "을 사용하지 마세요": "do not use X", "사용하지 마세요": "do not use X",
			"를 사용하지 마십시오": "do not use X", "을 사용하지 마십시오": "do not use X", "를 쓰지 마세요": "do not use X",
			"을 쓰지 마세요": "do not use X", "를 사용하지 말 것": "do not use X", "을 사용하지 말 것": "do not use X",
			"를 실행하세요": "run X", "을 실행하세요": "run X", "실행하세요": "run X", "를 실행하십시오": "run X",
			"를 실행해야 합니다": "run X", "을 실행해야 합니다": "run X", "를 실행합니다": "run X", "를 실행할 것": "run X",
			"를 사용하세요": "use X", "을 사용하세요": "use X", "사용하세요": "use X", "를 사용하십시오": "use X",
			"를 사용해야 합니다": "use X", "을 사용해야 합니다": "use X", "를 사용합니다": "use X", "을 사용합니다": "use X",
			"를 피하세요": "avoid X", "을 피하세요": "avoid X", "는 피하세요": "avoid X", "은 피하세요": "avoid X",
			"대신": "instead of X ,", "대신에": "instead of X ,",
			"는 금지입니다": "X is forbidden", "은 금지입니다": "X is forbidden", "는 금지": "X is forbidden", "은 금지": "X is forbidden",
			"사용 금지": "X is forbidden",
		},
	}
}

func italian() languageWords {
	return languageWords{
		cues: []string{"il", "lo", "la", "gli", "le", "di", "del", "della", "che", "non", "mai", "sempre", "prima", "dopo", "invece",
			"per", "con", "è", "nel", "nella", "questo", "questa", "solo", "evitare", "evita", "devi", "bisogna", "un", "una", "usare",
			"usa", "esegui", "eseguire", "utilizzare", "utilizza", "ogni", "senza"},
		verbs: map[string][]string{
			"run":     {"esegui", "eseguire", "esegua", "lancia", "lanciare", "avvia", "avviare"},
			"use":     {"usa", "usare", "usi", "utilizza", "utilizzare", "utilizzi"},
			"do":      {"fai", "fare", "faccia"},
			"install": {"installa", "installare", "installi"},
			"edit":    {"modifica", "modificare", "modifichi", "cambia", "cambiare"},
			"delete":  {"elimina", "eliminare", "cancella", "cancellare", "rimuovi", "rimuovere"},
			"commit":  {"committa", "committare"},
			"publish": {"pubblica", "pubblicare"},
			"add":     {"aggiungi", "aggiungere"},
			"create":  {"crea", "creare"},
		},
		negBefore:   wordSet("non"),
		neverBefore: wordSet("mai"),
		alwaysAfter: wordSet("sempre"),
		// "non usare mai X": the negation before the verb, "mai" after it
		frames: []verbFrame{{"non", "mai", "never V"}, {"è vietato", "", "it is forbidden to V"}, {"devi", "", "you must V"},
			{"non devi", "", "you must not V"}, {"evita di", "", "avoid V"}, {"bisogna", "", "you must V"}},
		gloss: map[string]string{
			"mai": "never", "sempre": "always", "non": "not",
			"invece di": "instead of", "al posto di": "instead of", "anziché": "instead of",
			"prima di": "before", "dopo": "after", "dopo aver": "after",
			"prima di fare commit": "before committing", "prima di committare": "before committing", "prima di ogni commit": "before every commit",
			"prima di fare push": "before pushing", "prima di ogni push": "before every push",
			"prima di aprire una pr": "before opening a pull request", "prima di aprire una pull request": "before opening a pull request",
			"è vietato": "is forbidden", "sono vietati": "are forbidden", "vietato": "forbidden", "non è consentito": "is not allowed",
			"devi": "you must", "deve": "must", "devono": "must", "è obbligatorio": "is required", "obbligatorio": "required",
			"se possibile": "if possible", "quando possibile": "when possible", "preferibilmente": "preferably",
			"evita": "avoid", "evitare": "avoid", "dovresti": "should",
			"solo": "only", "soltanto": "only", "tranne": "except", "a meno che": "unless", "quando": "when", "se": "if",
			"puoi": "you may", "può": "may", "è consentito": "is allowed", "consentito": "allowed",
			"non è necessario": "you don't need to", "non serve": "you don't need to",
			"dentro": "inside", "nella cartella": "in the folder", "fuori da": "outside", "senza": "without", "e": "and", "o": "or",
			"con": "with", "il": "the", "lo": "the", "la": "the", "i": "the", "gli": "the", "le": "the", "un": "a", "uno": "a", "una": "a",
			"di": "of", "del": "of the", "della": "of the", "dei": "of the", "degli": "of the", "delle": "of the", "nel": "in the",
			"nella": "in the", "in": "in", "per": "to", "questo": "this", "questa": "this", "tuo": "your", "tua": "your", "che": "that",
			"durante": "during", "ogni": "each", "a mano": "by hand", "manualmente": "manually", "è": "is", "sono": "are",
			"cartella": "folder", "cartelle": "folders", "file": "file",
		},
	}
}
