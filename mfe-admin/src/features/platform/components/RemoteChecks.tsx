interface Props {
  /** The registry's remotes, in its order. */
  remoteNames: readonly string[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}

/** One checkbox per registry remote, each named by the remote. */
export function RemoteChecks({ remoteNames, chosen, onChange }: Props) {
  return (
    <div className="platform-cohort-roles">
      {remoteNames.map((remote) => (
        <label key={remote} className="checkbox platform-mono">
          <input
            type="checkbox"
            checked={chosen.includes(remote)}
            onChange={(e) =>
              onChange(e.target.checked ? [...chosen, remote] : chosen.filter((other) => other !== remote))
            }
          />
          {remote}
        </label>
      ))}
    </div>
  );
}
