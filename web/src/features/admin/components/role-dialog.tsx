import type { ReaderSummary, Role } from "@folio/contract/admin";
import { roleNames } from "@folio/contract/staff";
import { useState } from "react";
import { isSessionEnd } from "../../../lib/api-client";
import { useSetRole } from "../hooks/reader-queries";
import { problemText } from "../messages";
import { SelectField } from "./fields";
import { FormDialog } from "./form-dialog";

const ROLES: readonly Role[] = ["reader", "librarian", "admin"];

const ROLE_MEANING: Record<Role, string> = {
  reader: "Borrows and reads; no console.",
  librarian: "Runs the catalogue, loans, readers’ accounts, mail and reviews.",
  admin: "All a librarian does, and grants roles and reads the audit log.",
};

interface RoleDialogProps {
  reader: ReaderSummary;
  onChanged: (reader: ReaderSummary) => void;
  onClose: () => void;
}

/** Administrators only: make someone a reader, a librarian or an administrator. */
export function RoleDialog({ reader, onChanged, onClose }: RoleDialogProps) {
  const [role, setRole] = useState<Role>(reader.role);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useSetRole();

  async function submit() {
    if (role === reader.role) {
      setProblem(`${reader.name} is already: ${roleNames[role]}.`);
      return;
    }
    setProblem(null);
    try {
      onChanged((await change.mutateAsync({ userId: reader.userId, role })).reader);
    } catch (error) {
      if (!isSessionEnd(error)) setProblem(problemText(error));
    }
  }

  return (
    <FormDialog
      title={`Change the role of ${reader.name}`}
      initialFocus=".modal__body select"
      submitLabel="Change role"
      pendingLabel="Changing…"
      pending={change.isPending}
      problem={problem}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label="Role"
        value={role}
        onChange={(event) => {
          const chosen = ROLES.find((value) => value === event.target.value);
          if (chosen) setRole(chosen);
        }}
      >
        {ROLES.map((value) => (
          <option key={value} value={value}>
            {roleNames[value]}
          </option>
        ))}
      </SelectField>
      <p className="console-form__note">{ROLE_MEANING[role]}</p>
    </FormDialog>
  );
}
