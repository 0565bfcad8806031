package enforce

import (
	"strings"
	"testing"
)

// parseHook reads the fields every agent sends, then hands the payload to the
// reader of the agent's shape: one shell command before it runs, for each agent,
// comes out the same; an agent heed does not know is an error naming those it does.
func TestParseHookReadsEachAgentsShape(t *testing.T) {
	for agent, payload := range map[string]string{
		AgentClaude:  `{"hook_event_name":"PreToolUse","cwd":"/r","session_id":"s","tool_use_id":"t","tool_name":"Bash","tool_input":{"command":"ls -l"}}`,
		AgentCodex:   `{"hook_event_name":"PreToolUse","cwd":"/r","session_id":"s","tool_use_id":"t","tool_name":"shell","tool_input":{"command":"ls -l"}}`,
		AgentGemini:  `{"hook_event_name":"BeforeTool","cwd":"/r","session_id":"s","tool_use_id":"t","tool_name":"run_shell_command","tool_input":{"command":"ls -l"}}`,
		AgentCursor:  `{"hook_event_name":"beforeShellExecution","workspace_roots":["/r"],"conversation_id":"s","generation_id":"t","command":"ls -l"}`,
		AgentCopilot: `{"cwd":"/r","sessionId":"s","toolName":"bash","toolArgs":{"command":"ls -l"}}`,
	} {
		ev, err := ParseHook(agent, []byte(payload))
		if err != nil {
			t.Errorf("%s: %v", agent, err)
			continue
		}
		if ev.Phase != PhasePre || ev.Line != "ls -l" || ev.Cwd != "/r" || ev.Session != "s" || ev.ID == "" {
			t.Errorf("%s: read %+v", agent, ev)
		}
	}
	_, err := ParseHook("vim", []byte(`{"cwd":"/r"}`))
	if err == nil || !strings.Contains(err.Error(), `unknown agent "vim"`) || !strings.Contains(err.Error(), AgentClaude) {
		t.Errorf("an unknown agent: %v", err)
	}
}
