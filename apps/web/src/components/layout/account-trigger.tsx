import { CircleUserRound } from "lucide-react";

/** Icon and (from small tablets up) the username, shared by the placeholder and the menu. */
export function AccountTriggerContent({ username }: { username: string }) {
  return (
    <>
      <CircleUserRound aria-hidden="true" />
      <span className="hidden truncate sm:inline">{username}</span>
    </>
  );
}
