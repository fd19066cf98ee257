import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { Announcements, DragEndEvent, DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Handle {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setActivatorNodeRef: (el: HTMLElement | null) => void;
}

/** The grip a block is dragged by: with the keyboard, Space picks it up, the arrows move it, Space drops it. */
export function DragHandle({ handle, label }: { handle: Handle; label: string }) {
  return (
    <ActionIcon
      ref={handle.setActivatorNodeRef}
      variant="subtle"
      color="gray"
      aria-label={label}
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...handle.attributes}
      {...handle.listeners}
    >
      <IconGripVertical size={16} />
    </ActionIcon>
  );
}

function Sortable({ id, children }: { id: string; children: (h: Handle) => ReactNode }) {
  const s = useSortable({ id });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(s.transform),
    transition: s.transition,
    position: 'relative',
    zIndex: s.isDragging ? 2 : undefined,
    opacity: s.isDragging ? 0.85 : undefined,
  };
  return (
    <div ref={s.setNodeRef} style={style}>
      {children({ attributes: s.attributes, listeners: s.listeners, setActivatorNodeRef: s.setActivatorNodeRef })}
    </div>
  );
}

/**
 * A page's blocks in a list reordered by drag (mouse, touch) and by keyboard on each block's grip;
 * the screen reader hears where the block went, in the user's language.
 */
export function SortableBlocks<T extends { id: string }>({
  items,
  nameOf,
  onMove,
  children,
}: {
  items: T[];
  nameOf: (id: string) => string;
  onMove: (from: number, to: number) => void;
  children: (item: T, index: number, handle: Handle) => ReactNode;
}) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((b) => b.id);
  const at = (id: string | number | undefined) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('guidelines.dnd.start', { name: nameOf(String(active.id)), n: at(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('guidelines.dnd.over', { name: nameOf(String(active.id)), n: at(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('guidelines.dnd.end', { name: nameOf(String(active.id)), n: at(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('guidelines.dnd.cancel', { name: nameOf(String(active.id)) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('guidelines.dnd.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {items.map((item, i) => (
          <Sortable key={item.id} id={item.id}>
            {(handle) => children(item, i, handle)}
          </Sortable>
        ))}
      </SortableContext>
    </DndContext>
  );
}
