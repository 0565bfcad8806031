/* The C floor of bench/live: floor/main.go in C, linked statically (gcc -static -O2).
 * What a process that starts with no runtime at all pays to find a program on PATH
 * and exec it, or to read a hook's payload. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

extern char **environ;

static const char *base(const char *p) {
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

/* lookpath finds name on PATH, skipping directories that hold the shim marker. */
static int lookpath(const char *name, char *out, size_t n) {
	if (strchr(name, '/')) {
		snprintf(out, n, "%s", name);
		return 1;
	}
	const char *p = getenv("PATH");
	if (!p)
		return 0;
	while (*p) {
		const char *e = strchr(p, ':');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char dir[4096], cand[8192];
		struct stat st;
		if (len == 0)
			snprintf(dir, sizeof dir, ".");
		else
			snprintf(dir, sizeof dir, "%.*s", (int)len, p);
		p = e ? e + 1 : p + len;
		snprintf(cand, sizeof cand, "%s/.heed-shims", dir);
		if (stat(cand, &st) == 0)
			continue;
		snprintf(cand, sizeof cand, "%s/%s", dir, name);
		if (stat(cand, &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 0111)) {
			snprintf(out, n, "%s", cand);
			return 1;
		}
	}
	return 0;
}

int main(int argc, char **argv) {
	const char *name = base(argv[0]);
	char **args = argv;
	if (strcmp(name, "cfloor") == 0) {
		if (argc > 1 && strcmp(argv[1], "hook") == 0) {
			char buf[65536];
			while (read(0, buf, sizeof buf) > 0)
				;
			return 0;
		}
		if (argc > 3 && strcmp(argv[1], "exec") == 0 && strcmp(argv[2], "--") == 0) {
			args = argv + 3;
			name = argv[3];
		} else {
			fputs("usage: cfloor exec -- PROGRAM ARGS... | cfloor hook\n", stderr);
			return 2;
		}
	}
	char path[8192];
	if (!lookpath(name, path, sizeof path)) {
		fprintf(stderr, "%s: command not found\n", name);
		return 127;
	}
	execve(path, args, environ);
	perror(path);
	return 126;
}
