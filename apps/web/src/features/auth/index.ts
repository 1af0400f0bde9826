// The session itself lives in lib/auth (every feature needs it); this feature owns the auth
// pages and the route guards.
export { AuthProvider, type AuthState, useAuth } from "@/lib/auth";
export { RequireAuth } from "./components/require-auth";
export { RequireStaff } from "./components/require-staff";
