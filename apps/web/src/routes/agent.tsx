import { AgentWorkspacePage } from '../features/leads/components/agent-workspace-page.tsx';

export default function Route() {
  return <AgentWorkspacePage />;
}
