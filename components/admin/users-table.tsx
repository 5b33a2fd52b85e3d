import { NUM_CLASSES, TABLE_CLASSES, TD_CLASSES, TH_CLASSES, TableScroll } from '@/components/ui/table-scroll';
import { formatDate, formatNumber } from '@/lib/dashboard/format';
import type { AdminUserRow } from '@/lib/dashboard/list-admin-users';

/** Accounts with their balance, spend and keys. */
export function UsersTable({ users }: { users: AdminUserRow[] }) {
  return (
    <TableScroll label="Accounts">
      <table className={TABLE_CLASSES}>
        <thead>
          <tr>
            <th scope="col" className={TH_CLASSES}>Email</th>
            <th scope="col" className={TH_CLASSES}>Created</th>
            <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Balance</th>
            <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Spent, 30 days</th>
            <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Spent, all time</th>
            <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Calls, 30 days</th>
            <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Active keys</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <th scope="row" className={`${TD_CLASSES} font-normal`}>
                {user.email}
                {user.isAdmin && <span className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-xs font-medium text-brand-700 dark:bg-slate-800 dark:text-brand-500">admin</span>}
              </th>
              <td className={`${TD_CLASSES} whitespace-nowrap`}>{formatDate(user.createdAt)}</td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{formatNumber(user.balance)}</td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{formatNumber(user.spent30d)}</td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{formatNumber(user.spentTotal)}</td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{formatNumber(user.calls30d)}</td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{user.activeKeys}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
