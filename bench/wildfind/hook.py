#!/usr/bin/env python3
"""hook.py BIN REPO SPEC OUT: replay agent actions (SPEC: one JSON object a line:
{"bash": CMD, "exit": N} or {"write": PATH, "content": S} or {"edit": PATH, "old": S, "new": S})
through `BIN hook claude` in /work/batches/findings/REPO, as Claude Code would (PreToolUse, then
PostToolUse with the given exit status for an allowed command). Writes are not applied."""
import json, subprocess, sys, os
B, repo, spec, out = sys.argv[1:5]
cwd = f'/work/batches/findings/{repo}'
try: os.remove(f'{cwd}/.heed/journal.jsonl')
except FileNotFoundError: pass
res = []
for i, line in enumerate(open(spec)):
    if not line.strip() or line.startswith('#'): continue
    a = json.loads(line)
    if 'bash' in a: tn, ti = 'Bash', {'command': a['bash']}
    elif 'write' in a: tn, ti = 'Write', {'file_path': f"{cwd}/{a['write']}", 'content': a['content']}
    else: tn, ti = 'Edit', {'file_path': f"{cwd}/{a['edit']}", 'old_string': a['old'], 'new_string': a['new']}
    p = {'session_id': 'wildfind', 'cwd': cwd, 'hook_event_name': 'PreToolUse', 'tool_name': tn, 'tool_input': ti, 'tool_use_id': f't{i}', 'transcript_path': '/dev/null'}
    r = subprocess.run([B, 'hook', 'claude'], input=json.dumps(p), capture_output=True, text=True, cwd=cwd)
    verdict = 'DENY' if r.returncode == 2 else ('allow' if r.returncode == 0 else f'rc{r.returncode}')
    if verdict == 'allow' and '"permissionDecision":"ask"' in r.stdout:
        verdict = 'ASK'  # the user is asked; an agent run unattended waits
    if verdict == 'allow' and tn == 'Bash':
        post = dict(p, hook_event_name='PostToolUse' if a.get('exit', 0) == 0 else 'PostToolUseFailure', tool_response={'stdout': '', 'stderr': '', 'exit_code': a.get('exit', 0)})
        if a.get('exit', 0): post['error'] = f"Exit code {a['exit']}"
        subprocess.run([B, 'hook', 'claude'], input=json.dumps(post), capture_output=True, text=True, cwd=cwd)
    what = (a.get('bash') or a.get('write') or a.get('edit')).replace('\n', '\\n')  # one line a result
    msg = (r.stderr + r.stdout).strip().replace('\n', ' | ')[:300]
    res.append(f"{verdict}\t{tn}\t{what}\t{a.get('expect','')}\t{msg}")
open(out, 'w').write('\n'.join(res) + '\n')
print('\n'.join(res))
