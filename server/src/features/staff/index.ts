// The staff side's public face (decision 016). It owns `audit_log`, and it orchestrates: each
// staff call runs the owning feature's exported function in a transaction and writes the audit
// row in it. No feature imports this one.
export { staffRoutes as staffPlugin } from "./routes";
export { grantRole } from "./grant";
