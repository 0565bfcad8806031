package graph

import "testing"

// A PHP file's imports: namespace uses (one per clause of a group; `use function`
// and `use const` marked static), includes of a literal path alone or after the
// file's folder; a trait's `use`, a computed path, comments and strings are none.
func TestPHPImports(t *testing.T) {
	src := `<?php
namespace App\Http\Controllers;

use App\Models\User;
use App\Models\{Post, Comment as Remark};
use function App\Support\format_money;
use Illuminate\Support\Facades\DB as Database;

require_once __DIR__ . '/../bootstrap.php';
include 'lib/legacy.php';
require dirname(__DIR__, 2) . '/config/app.php';
require $path . '/x.php';
// require 'commented.php';
$s = "require 'not_me.php'";

class UserController {
    use HasFactory;
    public function boot() {
        if ($debug) {
            require 'debug.php';
        }
    }
}
`
	f := Extract("php", []byte(src))
	if f.Package != `App\Http\Controllers` {
		t.Errorf("namespace %q", f.Package)
	}
	want := `4:App\Models\User 5:App\Models\Post 5:App\Models\Comment 6:App\Support\format_money[static] 7:Illuminate\Support\Facades\DB ` +
		`9:../bootstrap.php[require level=1] 10:lib/legacy.php[require] 11:../../config/app.php[require level=1] 20:debug.php[require cond lazy]`
	if got := show(f.Imports); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// PHP imports resolve through composer.json's PSR-4 map (autoload and autoload-dev),
// then to a file whose path ends with the name; includes next to the file first.
// Classes of other packages (Laravel's, vendor/) are external.
func TestResolvePHP(t *testing.T) {
	tree := map[string]string{
		"composer.json":                   `{"autoload": {"psr-4": {"App\\": "app/", "Database\\Seeders\\": "database/seeders/"}}, "autoload-dev": {"psr-4": {"Tests\\": "tests/"}}}`,
		"app/Models/User.php":             "<?php\nnamespace App\\Models;\nclass User {}\n",
		"app/Support/helpers.php":         "<?php\nnamespace App\\Support;\nfunction format_money() {}\n",
		"bootstrap.php":                   "<?php\n",
		"database/seeders/UserSeeder.php": "<?php\n",
		"tests/TestCase.php":              "<?php\n",
		"app/Http/Controllers/UserController.php": `<?php
namespace App\Http\Controllers;
use App\Models\User;
use App\Models\Ghost;
use function App\Support\format_money;
use Database\Seeders\UserSeeder;
use Tests\TestCase;
use Illuminate\Support\Facades\DB;
require_once __DIR__ . '/../../../bootstrap.php';
require __DIR__ . '/../../../vendor/autoload.php';
require __DIR__ . '/missing.php';
`,
	}
	check(t, "controller", edges(t, tree, "app/Http/Controllers/UserController.php"),
		`3:app/Models/User.php 4:app/Models/Ghost(missing) 5:app/Support(dir) 6:database/seeders/UserSeeder.php 7:tests/TestCase.php `+
			`8:Illuminate\Support\Facades\DB(external) 9:bootstrap.php 10:vendor/autoload.php(external) 11:app/Http/Controllers/missing.php(missing)`)

	// without composer.json: a path ending with the name's segments
	bare := map[string]string{
		"src/Acme/Billing/Invoice.php": "<?php\n",
		"src/Acme/Web/Page.php":        "<?php\nuse Acme\\Billing\\Invoice;\nuse Invoice;\nuse Monolog\\Logger;\n",
	}
	check(t, "no composer.json", edges(t, bare, "src/Acme/Web/Page.php"), `2:src/Acme/Billing/Invoice.php 3:Invoice(external) 4:Monolog\Logger(external)`)
}
