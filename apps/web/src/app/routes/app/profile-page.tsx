export function Component() {
  return <div>TODO</div>;
}
