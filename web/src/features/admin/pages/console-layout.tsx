import { Suspense } from "react";
import { Outlet } from "react-router";
import { useSession } from "../../../lib/session";
import { Spinner } from "../../../ui/spinner";
import { ConsoleNav } from "../components/console-nav";
import "../console.css";

/** Every /admin screen: the console's navigation beside (or above) the screen shown. */
export function ConsoleLayout() {
  const { role } = useSession();
  return (
    <div className="console">
      <ConsoleNav isAdmin={role === "admin"} />
      <div className="console__screen">
        <Suspense
          fallback={
            <div className="console__loading">
              <Spinner label="Loading the screen" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
