#include "core/edit/commands/DataCommandSupport.h"
#include "core/edit/commands/DataCommands.h"
#include "core/model/NameRules.h"

namespace hyperrig::core::edit {
namespace {

// A shape's JSON is an object without "name": the name lives beside it, checked like every name.
Result<void> checkShapeValue(const model::OrderedJson& value) {
    if (!value.is_object())
        return Error("a shape is a JSON object, not " + std::string(value.type_name()));
    if (value.contains("name"))
        return Error("the shape's JSON must not contain \"name\"; a shape is named on its own");
    return {};
}

// "" clears the name, as for nodes.
std::optional<std::string> normalizedName(std::optional<std::string> name) {
    if (name && name->empty())
        return std::nullopt;
    return name;
}

// Appends a shape. Undo takes it out (keeping it, id included); redo puts that same item back.
class CreateShapeCommand final : public Command {
public:
    CreateShapeCommand(std::optional<std::string> name, model::OrderedJson value,
                       model::ShapeId* created)
        : m_name(normalizedName(std::move(name))), m_value(std::move(value)), m_created(created) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        if (!m_taken) {
            auto valid = checkShapeValue(m_value);
            if (!valid)
                return std::move(valid).withContext(displayName());
        }
        const std::optional<std::string>& name = m_taken ? m_taken->name : m_name;
        if (name) {
            auto named = model::checkNewName(document, *name);
            if (!named)
                return std::move(named).withContext(displayName());
        }
        if (!m_taken) {
            m_taken = std::make_unique<model::Shape>();
            m_taken->id = document.shapes.allocateId();
            m_taken->name = m_name;
            m_taken->value = m_value;
        }
        m_id = m_taken->id;
        document.shapes.append(std::move(m_taken));
        if (m_created) {
            // Only once: the caller's variable may be gone by the time a redo runs.
            *m_created = m_id;
            m_created = nullptr;
        }
        changes.shapesChanged.push_back(m_id);
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override {
        m_taken = document.shapes.take(m_id).first;
        changes.shapesChanged.push_back(m_id);
    }

    std::string displayName() const override { return "Create Shape"; }
    std::size_t byteSize() const override {
        return sizeof(*this) + (m_name ? m_name->capacity() : 0) + jsonBytes(m_value);
    }

private:
    std::optional<std::string> m_name;
    model::OrderedJson m_value;
    model::ShapeId* m_created;
    model::ShapeId m_id;
    std::unique_ptr<model::Shape> m_taken; // the shape while it is not in the document
};

class EditShapeCommand final : public Command {
public:
    EditShapeCommand(model::ShapeId shape, model::OrderedJson value)
        : m_shape(shape), m_after(std::move(value)) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        model::Shape* shape = document.shapes.find(m_shape);
        if (!shape)
            return Error("Edit Shape: the shape no longer exists");
        auto valid = checkShapeValue(m_after);
        if (!valid)
            return std::move(valid).withContext(displayName());
        if (!m_before)
            m_before = shape->value;
        shape->value = m_after;
        changes.shapesChanged.push_back(m_shape);
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override {
        document.shapes.at(m_shape).value = *m_before;
        changes.shapesChanged.push_back(m_shape);
    }

    std::string displayName() const override { return "Edit Shape"; }
    // Consecutive edits of one shape (dragging a radius) become one undo step.
    bool canMerge(const Command& next) const override {
        const auto* same = dynamic_cast<const EditShapeCommand*>(&next);
        return same && same->m_shape == m_shape;
    }
    bool tryMerge(const Command& next) override {
        if (!canMerge(next))
            return false;
        m_after = static_cast<const EditShapeCommand&>(next).m_after;
        return true;
    }
    bool isNoOp() const override { return m_before && *m_before == m_after; }
    std::size_t byteSize() const override {
        return sizeof(*this) + jsonBytes(m_after) + (m_before ? jsonBytes(*m_before) : 0);
    }

private:
    model::ShapeId m_shape;
    std::optional<model::OrderedJson> m_before;
    model::OrderedJson m_after;
};

class RenameShapeCommand final : public Command {
public:
    RenameShapeCommand(model::ShapeId shape, std::optional<std::string> name)
        : m_shape(shape), m_after(normalizedName(std::move(name))) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        model::Shape* shape = document.shapes.find(m_shape);
        if (!shape)
            return Error("Rename Shape: the shape no longer exists");
        if (m_after) {
            auto named = model::checkNewName(document, *m_after, {}, {}, m_shape);
            if (!named)
                return std::move(named).withContext(displayName());
        }
        m_before = shape->name;
        shape->name = m_after;
        changes.shapesChanged.push_back(m_shape);
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override {
        document.shapes.at(m_shape).name = m_before;
        changes.shapesChanged.push_back(m_shape);
    }

    std::string displayName() const override { return "Rename Shape"; }
    std::size_t byteSize() const override {
        return sizeof(*this) + (m_before ? m_before->capacity() : 0) +
               (m_after ? m_after->capacity() : 0);
    }

private:
    model::ShapeId m_shape;
    std::optional<std::string> m_before;
    std::optional<std::string> m_after;
};

} // namespace

std::unique_ptr<Command> createShape(std::optional<std::string> name, model::OrderedJson value,
                                     model::ShapeId* created) {
    return std::make_unique<CreateShapeCommand>(std::move(name), std::move(value), created);
}

std::unique_ptr<Command> editShape(model::ShapeId shape, model::OrderedJson value) {
    return std::make_unique<EditShapeCommand>(shape, std::move(value));
}

std::unique_ptr<Command> renameShape(model::ShapeId shape, std::optional<std::string> name) {
    return std::make_unique<RenameShapeCommand>(shape, std::move(name));
}

} // namespace hyperrig::core::edit
