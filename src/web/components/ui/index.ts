export { Avatar, type AvatarProps } from "./Avatar";
export { Badge, type BadgeProps, type BadgeTone } from "./Badge";
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant, buttonClasses } from "./Button";
export { Card } from "./Card";
export { Checkbox, type CheckboxProps } from "./Checkbox";
export { ClampedText } from "./ClampedText";
export { ConfirmDialog, type ConfirmDialogProps } from "./ConfirmDialog";
export {
  DateRangePicker,
  type DateRangePickerProps,
  type DateRangeValue,
} from "./DateRangePicker";
export {
  Dialog,
  DialogClose,
  DialogContent,
  type DialogContentProps,
  DialogFooter,
  DialogTrigger,
} from "./Dialog";
export {
  Drawer,
  DrawerClose,
  DrawerContent,
  type DrawerContentProps,
  DrawerFooter,
  DrawerTrigger,
} from "./Drawer";
export {
  addDays,
  addMonths,
  daysInMonth,
  daysOfMonth,
  formatLongDate,
  formatMonth,
  monthOf,
  weekdayOf,
} from "./dates";
export { EmptyState, type EmptyStateProps } from "./EmptyState";
export { ErrorState, type ErrorStateProps, type RetryableQuery } from "./ErrorState";
export { Field, type FieldProps } from "./Field";
export { controlClasses, Input, type InputProps } from "./Input";
export { Label } from "./Label";
export { LoadingState, type LoadingStateProps } from "./LoadingState";
export { Logo } from "./Logo";
export { Menu, MenuItem, type MenuItemProps, MenuLabel, type MenuProps, MenuSeparator } from "./Menu";
export { MonthCalendar, type MonthCalendarProps } from "./MonthCalendar";
export { SearchBox } from "./SearchBox";
export { Select, type SelectProps } from "./Select";
export { Skeleton } from "./Skeleton";
export { FullPageSpinner, Spinner, type SpinnerProps } from "./Spinner";
export { Switch, type SwitchProps } from "./Switch";
export { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "./Table";
export { Tabs, TabsContent, TabsList, TabsTrigger } from "./Tabs";
export { Textarea, type TextareaProps } from "./Textarea";
export { Toaster, toast } from "./Toaster";
